import Core
import Testing

@testable import Scripting

@Suite struct RouteBindingTests {
    @Test func everyModuleIsAGlobalProxyOfItsRoutes() throws {
        let values = try EngineFixture().values(
            "return type(app), type(app.today), type(test.echo), type(test.sub), type(test.sub.deep)")
        #expect(values == ["userdata", "function", "function", "userdata", "function"])
    }

    @Test func nestedNamespacesCallTheirRoutes() throws {
        #expect(try EngineFixture().values("return test.sub.deep()") == ["tester"])
    }

    @Test func pairsListsAModulesFunctions() throws {
        let values = try EngineFixture().values(
            "local names = {} for k in pairs(app) do names[#names + 1] = k end table.sort(names) return table.concat(names, ',')"
        )
        #expect(values == ["after,every,export,import,inbox,login,loop,notify,now,on,routes,stop,today,user"])
    }

    @Test func tracebacksNameRoutesByTheirDottedNames() throws {
        guard case .failure(let failure) = try EngineFixture().evaluate("test.fail()") else {
            Issue.record("the chunk should fail")
            return
        }
        #expect(failure.traceback.contains("'test.fail'"))
    }

    @Test func appRoutesAreBoundAndUseTheFixedClock() throws {
        let values = try EngineFixture().values("return app.today(), app.now(), app.user().name")
        #expect(values == ["2026-11-29", "2026-11-29T08:00:00+09:00", "tester"])
    }

    @Test func loginSwitchesTheActingUser() throws {
        let fixture = try EngineFixture()
        let values = try fixture.values(
            "local a = app.login('mina'); local b = app.user(); return a.name, b.name, a.id == b.id")
        #expect(values == ["mina", "mina", true])
        #expect(fixture.engine.session.user.name == "mina")
    }

    @Test func helpIsGeneratedFromTheRouteDeclarations() throws {
        let route = try #require(EngineFixture.testRoutes.first { $0.name == "test.options" })
        let text = HelpText.route(route)
        #expect(text.hasPrefix("test.options(ref, {count=?, on=?}) -> table"))
        #expect(text.contains("Returns what it was given."))
        #expect(text.contains("count  integer  How many. (optional)"))
        #expect(text.contains("Errors: invalid_argument, test.failed"))
        #expect(text.contains(#"test.options("a", {count = 2})"#))
    }

    @Test func helpListsModulesAndTheirFunctions() throws {
        let router = try EngineFixture().engine.router
        let overview = HelpText.overview(router)
        #expect(overview.contains("test   6 functions: bytes, echo, fail, options, sub.deep, wait"))
        #expect(overview.contains("trace  2 functions: span, summary"))
        let module = try #require(HelpText.module("app", router))
        #expect(module.contains("app.login(name)"))
        #expect(HelpText.module("nothing", router) == nil)
    }

    @Test func helpAcceptsFunctionsNamesAndModules() throws {
        let fixture = try EngineFixture()
        #expect(try fixture.values("help(app.login); help('app.today'); help(app); help(); return 'ok'") == ["ok"])
        #expect(
            try fixture.values("help(show); help(json); help(help); help(app.on); help(trace.span); return 'ok'")
                == ["ok"])
        let values = try fixture.values("local ok, e = pcall(help, 42); return ok, e.code, tostring(e)")
        #expect(
            values == [
                false, "invalid_argument",
                "help: no help for that number; try help() for the list of modules [invalid_argument]",
            ])
    }
}
