import Core
import Foundation
import Testing

@testable import Scripting

@Suite struct SandboxTests {
    @Test(arguments: [
        ("os.execute('true')", "os.execute is not allowed"),
        ("io.popen('ls')", "io.popen is not allowed"),
        ("os.remove('x')", "os.remove is not allowed"),
        ("os.rename('x', 'y')", "os.rename is not allowed"),
        ("io.open('/tmp/appshell-sandbox-test', 'w')", "mode 'w' is not allowed"),
        ("io.open('/tmp/appshell-sandbox-test', 'r+')", "mode 'r+' is not allowed"),
        ("io.output('/tmp/appshell-sandbox-test')", "io.output is not allowed"),
        ("dofile('/etc/hostname')", "outside the folders code may be loaded from"),
        ("collectgarbage('stop')", "is not allowed in the sandbox"),
        ("debug.traceback()", "attempt to index a nil value"),
        ("string.dump(print)", "attempt to call a nil value"),
        ("app.today = nil", "app is read-only"),
    ])
    func theSandboxRefuses(call: String, message: String) throws {
        let values = try EngineFixture().values("local ok, e = pcall(function() \(call) end); return ok, tostring(e)")
        #expect(values.first == false)
        let text = try #require(values.last?.stringValue)
        #expect(text.contains(message), "\(text)")
    }

    @Test func binaryChunksAreRefusedInTheSandbox() throws {
        let values = try EngineFixture().values("local f, e = load('\\27Lua\\84\\0', 'b', 'b'); return f == nil, e")
        #expect(values == [true, "load: binary chunks are not allowed"])
    }

    /// With --allow-io a script may run any program already: bytecode loads as in lua5.4.
    @Test func allowIOLoadsBinaryChunksAsLua() throws {
        let fixture = try EngineFixture(options: EngineOptions(allowIO: true))
        #expect(try fixture.values("return load(string.dump(function() return 7 end), 'dumped', 'b')()") == [7])
        #expect(
            try fixture.values("local f, e = load('return 1', 'text', 'b'); return f == nil, e")
                == [true, "attempt to load a text chunk (mode is 'b')"])
    }

    @Test func allowIOOpensFilesForWriting() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("appshell-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let values = try EngineFixture(options: EngineOptions(allowIO: true)).values(
            "local f = assert(io.open('\(path)', 'w')); f:write('kept'); f:close(); return io.open('\(path)'):read('a')"
        )
        #expect(values == ["kept"])
        #expect(FileManager.default.contents(atPath: path) == Data("kept".utf8))
    }

    @Test func readingFilesIsAllowedByDefault() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("appshell-\(UUID().uuidString)").path
        try Data("line one\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try EngineFixture().values("return io.open('\(path)'):read('l')") == ["line one"])
    }

    @Test func loadfileReadsInsideTheSandboxRootOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("appshell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("return 'inside'".utf8).write(to: folder.appendingPathComponent("inside.lua"))
        let fixture = try EngineFixture(options: EngineOptions(sandboxRoot: folder.path))
        #expect(try fixture.values("return dofile('\(folder.path)/inside.lua')") == ["inside"])
        #expect(try fixture.values("return select(2, loadfile('/etc/hostname')):find('outside') ~= nil") == [true])
    }
}
