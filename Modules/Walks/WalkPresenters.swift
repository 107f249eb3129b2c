/// The Lua presenters `show` uses for the walks' records, embedded as source and as
/// bytecode compiled at build time (`Plugins/CompileLua`).
enum WalkPresenters {
    /// A walk's two-line card (`Resources/walk_log_presenter.lua`).
    static let log = String(decoding: PackageResources.walk_log_presenter_lua, as: UTF8.self)
    /// A week's line (`Resources/walk_week_presenter.lua`).
    static let week = String(decoding: PackageResources.walk_week_presenter_lua, as: UTF8.self)
    /// The walk's card compiled to bytecode.
    static var logBytecode: [UInt8] { LuaBytecode.walk_log_presenter_lua }
    /// The week's line compiled to bytecode.
    static var weekBytecode: [UInt8] { LuaBytecode.walk_week_presenter_lua }
}
