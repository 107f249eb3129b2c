/// The Lua presenter `show` uses for drops, embedded as source and as bytecode compiled at
/// build time (`Plugins/CompileLua`).
enum MatePresenters {
    /// A drop: its code and QR code, or who caught it and the words
    /// (`Resources/drop_presenter.lua`).
    static let drop = String(decoding: PackageResources.drop_presenter_lua, as: UTF8.self)
    /// The drop's presenter compiled to bytecode.
    static var dropBytecode: [UInt8] { LuaBytecode.drop_presenter_lua }
}
