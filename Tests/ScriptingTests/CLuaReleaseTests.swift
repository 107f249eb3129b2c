import CLua
import Testing

/// The coroutine functions of `Modules/CLua/corolib.c` are copied from `lcorolib.c` of one
/// Lua release: the library the process loads must be that release.
@Suite struct CLuaReleaseTests {
    @Test func theLoadedLuaIsTheReleaseTheShimFollows() {
        let shim = String(cString: clua_shim_release())
        #expect(shim == "5.4.4")
        #expect(String(cString: clua_header_release()) == "Lua \(shim)")
        // lua_ident is read from the shared library at run time ("$LuaVersion: Lua 5.4.4  Copyright ...").
        let ident = String(cString: clua_library_ident())
        #expect(ident.hasPrefix("$LuaVersion: Lua \(shim) "))
    }
}
