import Core
import Foundation
import Testing

@testable import Scripting

/// Code is loaded by file name only from the script's folder and the configuration
/// folder; `require`'s path is fixed; `--allow-io` gives lua5.4's `package` and `debug`.
@Suite struct LoadingRuleTests {
    /// Two folders with a module each, and a third one outside.
    struct Folders {
        let script: URL
        let configuration: URL
        let outside: URL

        init() throws {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("appshell-\(UUID().uuidString)")
            script = base.appendingPathComponent("script")
            configuration = base.appendingPathComponent("config 설정")
            outside = base.appendingPathComponent("outside")
            for folder in [script, configuration.appendingPathComponent("lua"), outside] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try Data("return 'script'".utf8).write(to: script.appendingPathComponent("near.lua"))
            try Data("return 'config'".utf8).write(to: configuration.appendingPathComponent("lua/helper.lua"))
            try Data("return 'outside'".utf8).write(to: outside.appendingPathComponent("evil.lua"))
        }

        func remove() { try? FileManager.default.removeItem(at: script.deletingLastPathComponent()) }

        func options(allowIO: Bool = false) -> EngineOptions {
            EngineOptions(
                allowIO: allowIO, sandboxRoot: script.path,
                modulePath: "\(script.path)/?.lua;\(configuration.path)/lua/?.lua",
                configurationFolder: configuration.path)
        }
    }

    @Test func codeLoadsFromTheScriptAndConfigurationFoldersOnly() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let fixture = try EngineFixture(options: folders.options())
        #expect(
            try fixture.values(
                "return dofile('\(folders.script.path)/near.lua'), dofile('\(folders.configuration.path)/lua/helper.lua'), require('near'), (require('helper'))"
            ) == ["script", "config", "script", "config"])
        let refused = try fixture.values(
            "local f, e = loadfile('\(folders.outside.path)/evil.lua') return f == nil, e")
        #expect(refused.first == true)
        #expect(refused.last?.stringValue?.contains("outside the folders code may be loaded from") == true)
    }

    @Test func aSymbolicLinkOutOfTheFoldersIsRefused() throws {
        let folders = try Folders()
        defer { folders.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: folders.script.appendingPathComponent("linked.lua").path,
            withDestinationPath: folders.outside.appendingPathComponent("evil.lua").path)
        let fixture = try EngineFixture(options: folders.options())
        let values = try fixture.values(
            """
            local ok, e = pcall(require, 'linked')
            local f, why = loadfile('\(folders.script.path)/linked.lua')
            return ok, e, f == nil, why
            """)
        #expect(values.count == 4)
        #expect(values[0] == false && values[2] == true)
        #expect(values[1].stringValue?.contains("outside the folders code may be loaded from") == true)
        #expect(values[3].stringValue?.contains("outside the folders code may be loaded from") == true)
    }

    @Test func requireCannotBePointedElsewhere() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let fixture = try EngineFixture(options: folders.options())
        let values = try fixture.values(
            """
            local ok, e = pcall(function() package.path = '\(folders.outside.path)/?.lua' end)
            local found = pcall(require, 'evil')
            return ok, e, found, package.cpath, #package.searchers
            """)
        #expect(values.count == 5)
        #expect(values[0] == false)
        #expect(values[1].stringValue?.contains("package is read-only (cannot set 'path')") == true)
        #expect(Array(values[2...]) == [false, "", 2])
    }

    @Test func loadTakesAStringWhateverItWasReadFrom() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let fixture = try EngineFixture(options: folders.options())
        let source = "io.open('\(folders.outside.path)/evil.lua'):read('a')"
        #expect(try fixture.values("return load(\(source))()") == ["outside"])
    }

    @Test func allowIOGivesLuasOwnPackageAndDebug() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let fixture = try EngineFixture(options: folders.options(allowIO: true))
        let values = try fixture.values(
            """
            local debug = require 'debug'
            package.path = '\(folders.outside.path)/?.lua'
            return type(debug.getinfo), debug == _G.debug, #package.searchers, package.cpath ~= '',
              type(package.loadlib), require('evil'), dofile('\(folders.outside.path)/evil.lua')
            """)
        #expect(values == ["function", true, 4, true, "function", "outside", "outside"])
    }

    @Test func allowIOKeepsTheAppFoldersFirstInPackagePath() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let fixture = try EngineFixture(options: folders.options(allowIO: true))
        let path = try #require(try fixture.values("return package.path").first?.stringValue)
        #expect(path.hasPrefix("\(folders.script.path)/?.lua;\(folders.configuration.path)/lua/?.lua;"))
        #expect(path.count > "\(folders.script.path)/?.lua;\(folders.configuration.path)/lua/?.lua;".count)
    }

    @Test func requireOfDebugFailsInTheSandbox() throws {
        let values = try EngineFixture().values("local ok, e = pcall(require, 'debug') return ok, debug == nil")
        #expect(values == [false, true])
    }
}
