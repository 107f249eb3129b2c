// swift-tools-version:6.0
import PackageDescription

/// AppShell: the headless, scriptable core of the StackDay, SniffMeet and 문장모아 apps.
///
/// Layout and dependency rules: docs/architecture.md. Feature modules see Time, Core, Formats and Storage only;
/// only `Modules/Assembly` (`AppAssembly`, the composition root) knows the list of plugins.
let package = Package(
    name: "AppShell",
    products: [
        .executable(name: "app-shell", targets: ["AppShell"]),
        .executable(name: "app-bench", targets: ["AppBench"]),
        .library(name: "Time", targets: ["Time"]),
        .library(name: "Core", targets: ["Core"]),
        .library(name: "Formats", targets: ["Formats"]),
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "Scripting", targets: ["Scripting"]),
        .library(name: "Habits", targets: ["Habits"]),
        .library(name: "BookStories", targets: ["BookStories"]),
        .library(name: "Profiles", targets: ["Profiles"]),
        .library(name: "Mates", targets: ["Mates"]),
        .library(name: "Walks", targets: ["Walks"]),
        .library(name: "Assembly", targets: ["Assembly"]),
    ],
    targets: [
        // C targets (a header that declares, a .c file that defines): their state exists once
        // per process, however many Swift modules import them.
        // Lua 5.4 (liblua5.4-dev): its headers are included as <lua5.4/lua.h>, because a C
        // target cannot take pkg-config's -I flag.
        .target(name: "CLua", path: "Modules/CLua", linkerSettings: [.linkedLibrary("lua5.4")]),
        .target(name: "CSQLite", path: "Modules/CSQLite", linkerSettings: [.linkedLibrary("sqlite3")]),
        .target(name: "CEdit", path: "Modules/CEdit", linkerSettings: [.linkedLibrary("edit")]),
        // Reads curl/curl.h (libcurl4-openssl-dev) at build time; loads libcurl with dlopen.
        .target(name: "CHTTP", path: "Modules/CHTTP"),
        .target(name: "CVips", path: "Modules/CVips"),
        // Declares the few libdbus-1 functions it calls (no headers needed); loads
        // libdbus-1.so.3 with dlopen on the first desktop notification.
        .target(name: "CDBus", path: "Modules/CDBus"),
        // Reads libpq-fe.h (libpq-dev) at build time; loads libpq with dlopen on the first
        // PostgreSQL connection.
        .target(name: "CPostgres", path: "Modules/CPostgres"),
        // Declares the few libxml2 functions it calls (no headers needed); loads libxml2.so.2
        // with dlopen on the first GPX file read.
        .target(name: "CXml", path: "Modules/CXml"),
        // Declares the two libqrencode functions it calls (no headers needed); loads
        // libqrencode.so.4 with dlopen on the first QR code drawn.
        .target(name: "CQRencode", path: "Modules/CQRencode"),
        // Unicode NFC for Core's folding: a stable C API instead of the standard library's
        // underscored one. No pkgConfig: libutf8proc.pc adds a -D flag SwiftPM refuses with a
        // warning; utf8proc.h is in /usr/include and the module map links the library.
        .systemLibrary(name: "CUTF8Proc", path: "Modules/CUTF8Proc", providers: [.apt(["libutf8proc-dev"])]),
        // zlib's inflater for zip entries (zlib1g-dev); linked from its static archive in the
        // release build, as SQLite is.
        .target(name: "CZlib", path: "Modules/CZlib", linkerSettings: [.linkedLibrary("z")]),
        // Days, instants, zones and clocks: below everything, knowing nothing of the app.
        .target(name: "Time", path: "Modules/Time"),
        // The container, the router and the values every module shares.
        .target(name: "Core", dependencies: ["Time", "CUTF8Proc"], path: "Modules/Core"),
        // The files read and written: JSON, CSV, zip, SHA-256, GPX, QR codes, the export document.
        .target(
            name: "Formats", dependencies: ["Core", "Time", "CZlib", "CXml", "CQRencode"], path: "Modules/Formats"),
        // Both backends: SQLite (linked) and PostgreSQL (CPostgres loads libpq on the first
        // connection, so a SQLite run never maps it).
        .target(
            name: "Storage", dependencies: ["Core", "Time", "Formats", "CSQLite", "CPostgres"], path: "Modules/Storage"),
        // The prelude and show are Lua files compiled in as byte arrays (no Foundation, no
        // bundle to find at run time); luacheck and Tests/Lua check them. CompileLua compiles
        // them to bytecode at build time too, which the engine loads instead of parsing them.
        .target(
            name: "Scripting", dependencies: ["Core", "Time", "Formats", "CLua"], path: "Modules/Scripting",
            resources: [.embedInCode("Resources/prelude.lua"), .embedInCode("Resources/show.lua")],
            plugins: ["CompileLua"]),
        .target(
            name: "Habits", dependencies: ["Core", "Time", "Formats", "Storage"], path: "Modules/Habits",
            resources: [
                .embedInCode("Resources/calendar_presenter.lua"), .embedInCode("Resources/statistics_presenter.lua"),
                .embedInCode("Resources/year_presenter.lua"),
            ],
            // Its presenters are compiled to bytecode too: show loads them, not parses them.
            plugins: ["CompileLua"]),
        .target(
            name: "BookStories", dependencies: ["Core", "Time", "Formats", "Storage"], path: "Modules/BookStories"),
        .target(name: "Profiles", dependencies: ["Core", "Time", "Formats", "Storage"], path: "Modules/Profiles"),
        .target(
            name: "Mates", dependencies: ["Core", "Time", "Formats", "Storage"], path: "Modules/Mates",
            resources: [.embedInCode("Resources/drop_presenter.lua")], plugins: ["CompileLua"]),
        .target(
            name: "Walks", dependencies: ["Core", "Time", "Formats", "Storage"], path: "Modules/Walks",
            resources: [
                .embedInCode("Resources/walk_log_presenter.lua"), .embedInCode("Resources/walk_week_presenter.lua"),
            ],
            plugins: ["CompileLua"]),
        .target(name: "Imaging", dependencies: ["Core", "CVips"], path: "Modules/Imaging"),
        // The one composition root: the plugins and the implementations, for the apps and tests.
        .target(
            name: "Assembly",
            dependencies: [
                "Core", "Time", "Formats", "Storage", "Imaging", "Habits", "BookStories", "Profiles", "Mates", "Walks",
            ],
            path: "Modules/Assembly"),
        .executableTarget(
            name: "AppShell",
            dependencies: [
                "Core", "Time", "Formats", "Storage", "Scripting", "CEdit", "CHTTP", "CDBus", "Assembly", "BookStories",
                "Habits",
            ],
            path: "Apps/app-shell"),
        .executableTarget(
            name: "AppBench",
            dependencies: ["Core", "Time", "Storage", "Scripting", "Assembly", "Habits", "BookStories"],
            path: "Apps/app-bench"),
        // Compiles a target's .lua files with the Lua library the app links (for CompileLua).
        .executableTarget(
            name: "LuaBytecode", path: "Plugins/LuaBytecodeTool", linkerSettings: [.linkedLibrary("lua5.4")]),
        .plugin(
            name: "CompileLua", capability: .buildTool(), dependencies: ["LuaBytecode"], path: "Plugins/CompileLua"),
        .plugin(
            name: "CheckBoundaries",
            capability: .command(
                intent: .custom(
                    verb: "check-boundaries",
                    description:
                        "Fails when a feature reaches past Time, Core, Formats and Storage, or one of those past its own"
                )),
            path: "Plugins/CheckBoundaries"),
        .plugin(
            name: "GenerateDocs",
            capability: .command(
                intent: .custom(
                    verb: "generate-docs", description: "Writes docs/app-shell.lua and docs/lua-api.md from the routes"),
                permissions: [.writeToPackageDirectory(reason: "It writes the generated files under docs/.")]),
            path: "Plugins/GenerateDocs"),
        .testTarget(name: "TimeTests", dependencies: ["Time"], path: "Tests/TimeTests"),
        .testTarget(
            name: "CoreTests", dependencies: ["Core", "Time", "Formats", "CUTF8Proc"], path: "Tests/CoreTests"),
        .testTarget(name: "FormatsTests", dependencies: ["Formats", "Core"], path: "Tests/FormatsTests"),
        .testTarget(
            name: "StorageTests", dependencies: ["Storage", "Core", "Time", "Formats"], path: "Tests/StorageTests"),
        .testTarget(
            name: "ScriptingTests", dependencies: ["Scripting", "CLua", "Core", "Time", "Storage", "LuaSamples"],
            path: "Tests/ScriptingTests"),
        .testTarget(
            name: "HabitsTests", dependencies: ["Habits", "Core", "Time", "Storage", "AppTestSupport"],
            path: "Tests/HabitsTests"),
        // Sample images made and read with libvips, for the tests only: the libvips functions
        // they need stay out of CVips, so app-shell never looks them up.
        .target(name: "CVipsSamples", dependencies: ["CVips"], path: "Tests/Support/CVipsSamples"),
        // The tests' apps, built through the composition root (TestApp), and what the tests
        // of several modules share (TestTime, TestImages).
        .target(
            name: "AppTestSupport", dependencies: ["Assembly", "Core", "Time", "Storage"],
            path: "Tests/Support/AppTestSupport"),
        // Lua chunks compiled as the build compiles them, for the bytecode tests only.
        .target(name: "LuaSamples", dependencies: ["CLua"], path: "Tests/Support/LuaSamples"),
        .testTarget(
            name: "ImagingTests", dependencies: ["Imaging", "CVipsSamples", "Core", "Formats"],
            path: "Tests/ImagingTests"),
        .testTarget(
            name: "WalksTests",
            dependencies: ["Walks", "Mates", "Core", "Time", "Formats", "Storage", "CVipsSamples", "AppTestSupport"],
            path: "Tests/WalksTests"),
        .testTarget(
            name: "MatesTests",
            dependencies: ["Mates", "Profiles", "Core", "Time", "Formats", "Storage", "AppTestSupport"],
            path: "Tests/MatesTests"),
        .testTarget(
            name: "ProfilesTests",
            dependencies: ["Profiles", "Core", "Time", "Formats", "Storage", "Imaging", "AppTestSupport"],
            path: "Tests/ProfilesTests"),
        .testTarget(
            name: "BookStoriesTests",
            dependencies: ["BookStories", "Core", "Time", "Formats", "Storage", "AppTestSupport"],
            path: "Tests/BookStoriesTests"),
        // Against the throwaway server `make test` starts (Tests/Support/postgres.sh); skipped
        // without one.
        .testTarget(
            name: "PostgresStorageTests", dependencies: ["CPostgres", "Core", "Time", "Storage"],
            path: "Tests/PostgresStorageTests"),
        // Over every plugin of the composition root: each route's result against its shape.
        .testTarget(
            name: "AppShellTests",
            dependencies: [
                "AppShell", "Assembly", "Core", "Time", "Formats", "Storage", "Imaging", "Profiles", "Habits", "Walks",
                "Scripting", "LuaSamples", "AppTestSupport",
            ],
            path: "Tests/AppShellTests", exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
