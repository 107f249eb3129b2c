import Core
import Testing
import Time

@Suite struct AppErrorTests {
    struct PlainError: Error, CustomStringConvertible {
        var description: String { "disk on fire" }
    }

    @Test func descriptionNamesRouteMessageAndCode() {
        let error = AppError(code: "habits.not_found", message: "no habit named Run", route: "habits.complete")
        #expect(error.description == "habits.complete: no habit named Run [habits.not_found]")
        #expect(AppError(code: "internal", message: "oops").description == "oops [internal]")
    }

    @Test func raisedByFillsInAMissingRouteOnly() {
        let bare = AppError(code: "x", message: "m")
        #expect(bare.raised(by: "a.b").route == "a.b")
        #expect(bare.raised(by: "a.b").raised(by: "c.d").route == "a.b")
    }

    @Test func wrappingKeepsAnAppErrorAndMakesOthersInternal() {
        let original = AppError(code: "x.y", message: "m", field: "f")
        #expect(AppError.wrapping(original) == original)
        #expect(AppError.wrapping(PlainError()) == AppError(code: "internal", message: "disk on fire"))
    }

    @Test func aValueThatIsNotATimeIsAnInvalidArgumentOfItsField() throws {
        let error = try #require(throws: TimeError.self) { try LocalDay.parse("2026-02-30", field: "on") }
        #expect(
            AppError.wrapping(error)
                == AppError(
                    code: "invalid_argument", message: "on: '2026-02-30' is not a valid day (expected YYYY-MM-DD)",
                    field: "on"))
    }

    @Test func factoriesSetTheirCodes() {
        #expect(
            AppError.invalidArgument("bad", field: "f")
                == AppError(code: "invalid_argument", message: "bad", field: "f"))
        #expect(AppError.notFound("habits", "gone").code == "habits.not_found")
        #expect(AppError.forbidden("no").code == "forbidden")
        #expect(AppError.internal("broke").code == "internal")
    }
}
