/// How the shell's `show` prints the habits' calendar, year and statistics: Lua chunks kept in
/// `Resources/` (checked by luacheck, tested under lua5.4) and compiled into the module.
enum HabitPresenters {
    /// A month grid, Monday first (`Resources/calendar_presenter.lua`).
    static let calendar = String(decoding: PackageResources.calendar_presenter_lua, as: UTF8.self)
    /// A short card of completed days and streaks (`Resources/statistics_presenter.lua`).
    static let statistics = String(decoding: PackageResources.statistics_presenter_lua, as: UTF8.self)
    /// A year as a grid of weeks, its marks styled for colour (`Resources/year_presenter.lua`).
    static let year = String(decoding: PackageResources.year_presenter_lua, as: UTF8.self)
    /// The calendar compiled to bytecode at build time (`Plugins/CompileLua`).
    static var calendarBytecode: [UInt8] { LuaBytecode.calendar_presenter_lua }
    /// The statistics card compiled to bytecode at build time.
    static var statisticsBytecode: [UInt8] { LuaBytecode.statistics_presenter_lua }
    /// The year grid compiled to bytecode at build time.
    static var yearBytecode: [UInt8] { LuaBytecode.year_presenter_lua }
}
