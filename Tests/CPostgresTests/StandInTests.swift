import CPostgres
import CPostgresTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The stand-in libpq is loaded with in place of libldap (Modules/CPostgres/standin.c), made
/// here for the C library itself under a name nothing else asks for: every call through it
/// must reach the real function with its arguments whole (seven, the seventh on the stack;
/// a `double` in a vector register; an IFUNC), from any thread, and a file that is not a
/// shared library must be refused with a reason, never crash the process.
@Suite struct StandInTests {
    typealias GetNameInfo =
        @convention(c) (
            UnsafePointer<sockaddr>?, socklen_t, UnsafeMutablePointer<CChar>?, socklen_t, UnsafeMutablePointer<CChar>?,
            socklen_t, Int32
        ) -> Int32
    typealias StringFromDouble =
        @convention(c) (UnsafeMutablePointer<CChar>?, Int, UnsafePointer<CChar>?, Double) -> Int32
    typealias Copy = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?

    /// The file the C library was loaded from (where `getnameinfo` lives).
    static var libcPath: String {
        var folder = [CChar](repeating: 0, count: 4096)
        guard cpg_system_library_folder(&folder, folder.count) == 0 else { return "" }
        return text(folder) + "/libc.so.6"
    }

    /// The NUL-terminated text in `characters`.
    static func text(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A new stand-in for the C library, or the reason it could not be made.
    static func standIn(for path: String = libcPath, soname: String = "libappshell-test-standin.so.6") -> (
        handle: UnsafeMutableRawPointer?, error: String
    ) {
        var error = [CChar](repeating: 0, count: 512)
        let handle = cpg_standin_open(path, soname, &error, error.count)
        return (handle, Self.text(error))
    }

    static func function<T>(_ handle: UnsafeMutableRawPointer?, _ name: String, as type: T.Type) -> T? {
        let found: UnsafeMutableRawPointer? = dlsym(handle, name)
        guard let symbol = found else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    /// `getnameinfo` of 127.0.0.1:8080 with `flags`: its result, the host and the service.
    static func nameInfo(_ call: GetNameInfo, flags: Int32) -> (Int32, String, String) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(8080).bigEndian
        address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
        var host = [CChar](repeating: 0, count: 64)
        var service = [CChar](repeating: 0, count: 32)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                call($0, socklen_t(MemoryLayout<sockaddr_in>.size), &host, 64, &service, 32, flags)
            }
        }
        return (result, text(host), text(service))
    }

    @Test func callsReachTheRealFunctionsWithEveryArgument() throws {
        let standIn = Self.standIn()
        let handle = try #require(standIn.handle, "\(standIn.error)")
        let viaStandIn = try #require(Self.function(handle, "getnameinfo", as: GetNameInfo.self))
        let real = try #require(Self.function(nil, "getnameinfo", as: GetNameInfo.self))
        #expect(unsafeBitCast(viaStandIn, to: UnsafeRawPointer.self) != unsafeBitCast(real, to: UnsafeRawPointer.self))
        // The seventh argument (the flags) is passed on the stack: numeric flags answer at
        // once, an unknown flag is refused (EAI_BADFLAGS). The first call loads and finds
        // the real function, the second goes straight to it.
        let numeric = NI_NUMERICHOST | NI_NUMERICSERV
        for _ in 1...2 {
            let through = Self.nameInfo(viaStandIn, flags: numeric)
            #expect(through == Self.nameInfo(real, flags: numeric))
            #expect(through.1 == "127.0.0.1" && through.2 == "8080")
            let refused = Self.nameInfo(viaStandIn, flags: 0x4000_0000)
            #expect(refused.0 == EAI_BADFLAGS)
            #expect(refused.0 == Self.nameInfo(real, flags: 0x4000_0000).0)
        }
        // A double in a vector register.
        let format = try #require(Self.function(handle, "strfromd", as: StringFromDouble.self))
        let realFormat = try #require(Self.function(nil, "strfromd", as: StringFromDouble.self))
        for value in [2.5, -0.125, 1e300] {
            var through = [CChar](repeating: 0, count: 64)
            var direct = [CChar](repeating: 0, count: 64)
            let length = format(&through, 64, "%.4g", value)
            let realLength = realFormat(&direct, 64, "%.4g", value)
            #expect(length == realLength)
            #expect(Self.text(through) == Self.text(direct))
            #expect(!Self.text(through).isEmpty)
        }
        // memcpy is an IFUNC in the C library: the stand-in goes on to the implementation
        // the real one chose.
        let copy = try #require(Self.function(handle, "memcpy", as: Copy.self))
        let source = Array("산책 🐕 walk".utf8)
        var target = [UInt8](repeating: 0, count: source.count)
        _ = target.withUnsafeMutableBytes { out in
            source.withUnsafeBytes { copy(out.baseAddress, $0.baseAddress, $0.count) }
        }
        #expect(target == source)
    }

    /// A variadic call through a fresh stand-in (its first call, through the thunk's slow
    /// path): %al, the eight vector registers and the stack arguments arrive whole.
    @Test func variadicCallsArriveWhole() throws {
        let standIn = Self.standIn()
        let handle = try #require(standIn.handle, "\(standIn.error)")
        let found: (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) = (
            dlsym(handle, "snprintf"), dlsym(nil, "snprintf")
        )
        let viaStandIn = try #require(found.0)
        let real = try #require(found.1)
        #expect(viaStandIn != real)
        var through = [CChar](repeating: 0, count: 256)
        var direct = [CChar](repeating: 0, count: 256)
        for _ in 1...2 {
            let length = cpg_test_format_many(viaStandIn, &through, through.count)
            #expect(length == cpg_test_format_many(real, &direct, direct.count))
            #expect(Self.text(through) == Self.text(direct))
            #expect(Self.text(through).hasSuffix("| 0.500 -1.250 2.125 -3.062 4.500 -5.750 6.875 -7.000 8.250"))
        }
    }

    @Test func standsInForFunctionsOnlyAndKeepsTheirVersions() throws {
        let standIn = Self.standIn()
        let handle = try #require(standIn.handle, "\(standIn.error)")
        // Data cannot be forwarded: none is stood in for.
        for data in ["stdout", "environ", "program_invocation_name"] {
            #expect(dlsym(nil, data) != nil, "the C library exports \(data)")
            #expect(dlsym(handle, data) == nil, "\(data) is data")
        }
        #expect(dlsym(handle, "app_shell_no_such_function") == nil)
        // Each function keeps its versions: memcpy has two in the C library, each its own
        // entry, and a version the library does not define finds nothing. (libpq binds
        // ldap_init@OPENLDAP_2.5 and the rest to the stand-in it is loaded with:
        // Tests/Scripts/checks/perf.sh.)
        let current = cpg_test_versioned_symbol(handle, "memcpy", "GLIBC_2.14")
        let old = cpg_test_versioned_symbol(handle, "memcpy", "GLIBC_2.2.5")
        #expect(current != nil && old != nil && current != old)
        #expect(cpg_test_versioned_symbol(nil, "memcpy", "GLIBC_2.2.5") != nil)
        #expect(cpg_test_versioned_symbol(handle, "memcpy", "GLIBC_9.99") == nil)
        #expect(cpg_test_versioned_symbol(handle, "stdout", "GLIBC_2.2.5") == nil)
    }

    @Test func theFirstCallsMayComeFromManyThreadsAtOnce() throws {
        // 32 threads released together make the first call of a fresh stand-in's
        // getnameinfo: each must get the right answer, whichever loads the real library.
        for _ in 1...3 {
            let standIn = Self.standIn()
            let handle = try #require(standIn.handle, "\(standIn.error)")
            let found: UnsafeMutableRawPointer? = dlsym(handle, "getnameinfo")
            let function = try #require(found)
            #expect(cpg_test_name_info_at_once(function, 32) == 32)
        }
    }

    /// Files a stand-in must refuse: each is written to a temporary file, mostly from the C
    /// library's own bytes cut or damaged.
    enum Hostile: String, CaseIterable, Sendable {
        case empty, text, headerOnly, firstPage, thirtyTwoBit, sectionsPastTheEnd, sectionCountHuge, sectionsDamaged
        case namesDamaged, versionsDamaged

        func bytes(from libc: [UInt8]) -> [UInt8] {
            var bytes = libc
            func put64(_ value: UInt64, at offset: Int) {
                for index in 0..<8 { bytes[offset + index] = UInt8((value >> (8 * UInt64(index))) & 0xff) }
            }
            let sectionTable = Int(
                bytes[40..<48].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) })
            func get(_ offset: Int, _ size: Int) -> Int {
                (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
            }
            /// The file offset and size of the first section of `type`.
            func section(_ type: Int) -> (offset: Int, size: Int)? {
                let count = get(60, 2)
                for index in 1..<count where get(sectionTable + index * 64 + 4, 4) == type {
                    return (get(sectionTable + index * 64 + 24, 8), get(sectionTable + index * 64 + 32, 8))
                }
                return nil
            }
            switch self {
            case .empty: return []
            case .text: return Array("이건 라이브러리가 아니에요 🐕\n".utf8)
            case .headerOnly: return Array(libc.prefix(64))
            case .firstPage: return Array(libc.prefix(4096))
            case .thirtyTwoBit: bytes[4] = 1
            case .sectionsPastTheEnd: put64(UInt64(libc.count) + 8, at: 40)
            case .sectionCountHuge: bytes[60] = 0xff; bytes[61] = 0xff
            case .sectionsDamaged:
                // Every section header's offset and size far past the file.
                let count = Int(bytes[60]) | Int(bytes[61]) << 8
                for index in 1..<count {
                    put64(UInt64.max / 2, at: sectionTable + index * 64 + 24)
                    put64(UInt64.max / 2, at: sectionTable + index * 64 + 32)
                }
            case .namesDamaged:
                // Every exported name's offset far past the string table (SHT_DYNSYM).
                if let symbols = section(11) {
                    for at in stride(from: symbols.offset + 24, to: symbols.offset + symbols.size, by: 24) {
                        for index in 0..<4 { bytes[at + index] = 0xf0 }
                    }
                }
            case .versionsDamaged:
                // The first version definition's name entry past the section (SHT_GNU_verdef).
                if let versions = section(0x6fff_fffd) {
                    bytes[versions.offset + 12] = 0xff; bytes[versions.offset + 13] = 0x7f
                }
            }
            return bytes
        }
    }

    @Test(arguments: Hostile.allCases) func refusesWhatIsNotASharedLibrary(_ hostile: Hostile) throws {
        let libc = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.libcPath)))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("standin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("lib보리 \(hostile.rawValue) $(x);.so.1")
        try Data(hostile.bytes(from: libc)).write(to: file)
        let standIn = Self.standIn(for: file.path)
        #expect(standIn.handle == nil)
        #expect(standIn.error.contains(file.path), "\(standIn.error)")
    }

    @Test(arguments: [
        ("/no/such/folder/libc.so.6", "libappshell-test-standin.so.6"),
        ("/tmp", "libappshell-test-standin.so.6"),
        ("", "libappshell-test-standin.so.6"),
        (StandInTests.libcPath, ""),
        (StandInTests.libcPath, "../libc.so.6"),
    ]) func refusesAMissingFileOrABadName(_ path: String, _ soname: String) {
        let standIn = Self.standIn(for: path, soname: soname)
        #expect(standIn.handle == nil)
        #expect(!standIn.error.isEmpty)
    }

    @Test func findsTheLibraryAnotherNeedsByItsPrefix() throws {
        let libpq = (Self.libcPath as NSString).deletingLastPathComponent + "/libpq.so.5"
        try #require(FileManager.default.fileExists(atPath: libpq), "libpq5 is installed beside the C library")
        var name = [CChar](repeating: 0, count: 256)
        var error = [CChar](repeating: 0, count: 512)
        #expect(cpg_needed_with_prefix(libpq, "libcrypto", &name, name.count, &error, error.count) == 0)
        #expect(Self.text(name).hasPrefix("libcrypto.so."))
        #expect(cpg_needed_with_prefix(libpq, "libappshell", &name, name.count, &error, error.count) == -1)
        #expect(Self.text(error).contains("libappshell"))
        // Too small a buffer for the name: not found rather than cut.
        var tiny = [CChar](repeating: 0, count: 4)
        #expect(cpg_needed_with_prefix(libpq, "libcrypto", &tiny, tiny.count, &error, error.count) == -1)
    }
}
