import Core
import Testing

/// Every storage failure shows users the code it always showed (docs/postgres-internals.md lists
/// them), through the one mapping `StorageFailure.code` and `AppError.wrapping`.
@Suite struct StorageFailureTests {
    static let codes: [(StorageFailure, String)] = [
        (.duplicate, "storage.duplicate"), (.constraint, "storage.constraint"), (.busy, "storage.busy"),
        (.conflict, "storage.conflict"), (.unavailable, "storage.unavailable"),
        (.outcomeUnknown, "storage.outcome_unknown"), (.forbidden, "forbidden"),
        (.full, "storage.full"), (.corrupt, "storage.corrupt"), (.io, "storage.io"), (.closed, "storage.closed"),
        (.openFailed, "storage.open_failed"), (.exists, "storage.exists"),
        (.badMigrations, "storage.bad_migrations"), (.schemaTooNew, "storage.schema_too_new"),
        (.other, "storage.error"),
    ]

    @Test func everyCaseHasItsCodeListedHere() {
        #expect(Set(Self.codes.map(\.0)) == Set(StorageFailure.allCases))
        #expect(Set(Self.codes.map(\.1)).count == StorageFailure.allCases.count)
    }

    @Test(arguments: codes)
    func aFailureReachesTheUserWithItsCode(_ failure: StorageFailure, _ code: String) {
        #expect(failure.code == code)
        let error = StorageError(failure, message: "책 🐕 could not be stored", field: "file")
        let shown = AppError.wrapping(error)
        #expect(shown == AppError(code: code, message: "책 🐕 could not be stored", field: "file"))
        #expect(shown.raised(by: "habits.create").description == "habits.create: 책 🐕 could not be stored [\(code)]")
        #expect("\(error)" == "책 🐕 could not be stored [\(code)]")
    }

    @Test func anAppErrorStaysAsItIsAndAnythingElseIsInternal() {
        let own = AppError(code: "habits.name_taken", message: "taken", field: "name")
        #expect(AppError.wrapping(own) == own)
        struct Other: Error {}
        #expect(AppError.wrapping(Other()).code == "internal")
    }
}
