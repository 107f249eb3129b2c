import Testing
import Time

@testable import Core

@Suite struct EventRecorderTests {
    static func event(_ name: String) -> PendingEvent {
        PendingEvent(name: name, view: nil, params: [], occurredAt: Instant(secondsSince1970: 0), userID: "u")
    }

    @Test func aCommittedDrainEmptiesTheBuffer() {
        let recorder = EventRecorder()
        recorder.record(Self.event("a"))
        recorder.record(Self.event("b"))
        #expect(recorder.drainForCommit().map(\.name) == ["a", "b"])
        recorder.committed()
        #expect(recorder.bufferedCount == 0)
        #expect(recorder.drainForCommit().isEmpty)
    }

    @Test func aRolledBackDrainPutsTheEventsBackInFrontInOrder() {
        let recorder = EventRecorder()
        recorder.record(Self.event("a"))
        _ = recorder.drainForCommit()
        recorder.record(Self.event("b"))
        recorder.restoreAfterRollback()
        #expect(recorder.bufferedCount == 2)
        #expect(recorder.drainForCommit().map(\.name) == ["a", "b"])
    }

    @Test func recordNumbersEventsInOrder() {
        let recorder = EventRecorder(batchSize: 2)
        #expect(recorder.record(Self.event("a")) == 1)
        #expect(recorder.record(Self.event("b")) == 2)
        #expect(recorder.bufferedCount == 2)
    }

    @Test func aFailedCallAmendsItsBufferedEvent() {
        let recorder = EventRecorder()
        let number = recorder.record(Self.event("a"))
        recorder.markFailed(number, code: "x.broken")
        let events = recorder.drainForCommit()
        #expect(events.count == 1)
        #expect(events.first?.params.last?.value == "x.broken")
    }

    @Test func aFailureAfterTheEventWasStoredRecordsAFailedCopy() {
        let recorder = EventRecorder()
        let number = recorder.record(Self.event("a"))
        _ = recorder.drainForCommit()
        recorder.committed()
        recorder.markFailed(number, code: "x.late")
        let again = recorder.drainForCommit()
        #expect(again.map(\.name) == ["a"])
        #expect(again.first?.params.last?.value == "x.late")
    }

    @Test func hooksSeeOnlyTheActingUsersEvents() {
        let recorder = EventRecorder()
        let marker = recorder.sequence
        let at = Instant(secondsSince1970: 0)
        recorder.record(PendingEvent(name: "alice.did", view: nil, params: [], occurredAt: at, userID: "alice"))
        recorder.record(PendingEvent(name: "mallory.did", view: nil, params: [], occurredAt: at, userID: "mallory"))
        #expect(recorder.events(after: marker, of: "mallory").map(\.name) == ["mallory.did"])
        #expect(recorder.events(after: marker, of: "alice").map(\.name) == ["alice.did"])
    }

    @Test func hooksSeeAtMostTheLatestRecentEvents() {
        let recorder = EventRecorder()
        for index in 0..<(3 * EventRecorder.recentCapacity + 5) { recorder.record(Self.event("e\(index)")) }
        let seen = recorder.events(after: 0, of: "u")
        #expect(seen.count == EventRecorder.recentCapacity)
        #expect(seen.last?.name == "e\(3 * EventRecorder.recentCapacity + 4)")
    }

    @Test func hooksSeeTheEventsAfterAMarker() {
        let recorder = EventRecorder()
        recorder.record(Self.event("a"))
        let marker = recorder.sequence
        recorder.record(Self.event("b"))
        #expect(recorder.events(after: marker, of: "u").map(\.name) == ["b"])
    }
}

@Suite struct EventMiddlewareTests {
    static func router(_ recorder: EventRecorder) throws -> Router {
        let routes = [
            Route(
                "notes.add", summary: "Test.",
                parameters: [
                    .positional("title", .string, "A title."), .option("body", .string, "Free text.").freeText,
                    .option("count", .integer, "A number."), .option("pinned", .boolean, "A flag."),
                    .option("tags", .array(.string), "A list."), .option("code", .string, "A secret.").secret,
                    .option("ref", .string, "An id or a name.").nameOrID,
                ],
                returns: "nil", example: "notes.add('x')"
            ) { _, _ in .null },
            Route("notes.fail", summary: "Test.", returns: "nil", example: "notes.fail()") { _, _ in
                throw AppError(code: "notes.broken", message: "broken")
            },
            Route("events.look", summary: "Test.", returns: "nil", example: "events.look()") { _, _ in .null },
        ]
        return try Router(routes: routes, middleware: [EventMiddleware(recorder: recorder, storeBatch: {})])
    }

    static let session = Session(
        user: User(id: "u", name: "u", createdAt: Instant(secondsSince1970: 0)),
        clock: FixedClock(Instant(secondsSince1970: 1_795_910_400), timeZone: .utc), container: Container())

    @Test func aCallBecomesAnEventWithItsScalarArgumentsAsStrings() throws {
        let recorder = EventRecorder()
        _ = try Self.router(recorder).call(
            "notes.add", Arguments(["title": "Walk", "count": 3, "pinned": true, "tags": ["a"]]), session: Self.session)
        let event = try #require(recorder.drainForCommit().first)
        #expect(event.name == "notes.add")
        #expect(event.view == "notes")
        #expect(event.params.map(\.key) == ["title", "count", "pinned"])
        #expect(event.params.map(\.value) == ["Walk", "3", "true"])
        #expect(event.occurredAt == Instant(secondsSince1970: 1_795_910_400))
    }

    @Test func freeTextIsRecordedByLengthOnly() throws {
        let recorder = EventRecorder()
        _ = try Self.router(recorder).call(
            "notes.add", Arguments(["title": "t", "body": "비밀 이야기"]), session: Self.session)
        let event = try #require(recorder.drainForCommit().first)
        #expect(event.params.contains { $0.key == "body_length" && $0.value == "6" })
        #expect(!event.params.contains { $0.value.contains("비밀") })
    }

    @Test func aSecretIsNeverRecordedNotEvenItsLength() throws {
        let recorder = EventRecorder()
        _ = try Self.router(recorder).call(
            "notes.add", Arguments(["title": "t", "code": "K7Q2XZ"]), session: Self.session)
        let event = try #require(recorder.drainForCommit().first)
        #expect(event.params.map(\.key) == ["title"])
        #expect(!event.params.contains { $0.value.contains("K7Q2XZ") || $0.key.hasPrefix("code") })
    }

    @Test func aNameOrIDKeepsAnIdAndOnlyTheLengthOfAName() throws {
        let recorder = EventRecorder()
        let id = "0f8fad5b-d9cb-469f-a165-70867728950e"
        _ = try Self.router(recorder).call(
            "notes.add", Arguments(["title": "t", "ref": .string(id)]), session: Self.session)
        _ = try Self.router(recorder).call(
            "notes.add", Arguments(["title": "t", "ref": "Therapy"]), session: Self.session)
        let events = recorder.drainForCommit()
        #expect(events.first?.params.contains { $0.key == "ref" && $0.value == id } == true)
        #expect(events.last?.params.contains { $0.key == "ref_length" && $0.value == "7" } == true)
        #expect(events.last?.params.contains { $0.value == "Therapy" } == false)
    }

    @Test func anEventCarriesTheActingUser() throws {
        let recorder = EventRecorder()
        _ = try Self.router(recorder).call("notes.add", Arguments(["title": "t"]), session: Self.session)
        #expect(recorder.drainForCommit().first?.userID == "u")
    }

    @Test func aFailedCallIsAnEventWithItsErrorCode() throws {
        let recorder = EventRecorder()
        #expect(throws: AppError.self) { try Self.router(recorder).call("notes.fail", session: Self.session) }
        let event = try #require(recorder.drainForCommit().first)
        #expect(event.params.last?.key == "error")
        #expect(event.params.last?.value == "notes.broken")
    }

    @Test func theEventsRoutesAreNotRecorded() throws {
        let recorder = EventRecorder()
        _ = try Self.router(recorder).call("events.look", session: Self.session)
        #expect(recorder.bufferedCount == 0)
    }

    @Test(arguments: ["", "Upper", "has space", "dash-ed", String(repeating: "a", count: 65)])
    func badEventNamesAreRefused(name: String) {
        #expect(throws: AppError.self) { try EventsPlugin.checkedName(name) }
    }

    @Test(arguments: ["a", "morning.done", "walk_2", String(repeating: "z", count: 64)])
    func goodEventNamesPass(name: String) throws {
        #expect(try EventsPlugin.checkedName(name) == name)
    }

    @Test func paramsMustBeStringToString() throws {
        #expect(try EventsPlugin.checkedParams(["mood": "good"]).map(\.value) == ["good"])
        #expect(try EventsPlugin.checkedParams(.null).isEmpty)
        let error = try #require(throws: AppError.self) { try EventsPlugin.checkedParams(["n": 1]) }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "params")
    }
}

@Suite struct EventParamLimitTests {
    @Test func theEventsNamespaceIsReserved() throws {
        let error = try #require(throws: AppError.self) { try EventsPlugin.checkedName("events.dropped") }
        #expect(error.field == "name")
    }

    @Test func paramsAreCappedInCountKeyValueAndTotalSize() throws {
        func refused(_ params: Value) throws -> AppError {
            try #require(throws: AppError.self) { try EventsPlugin.checkedParams(params) }
        }
        let tooMany = Value.table(Record((0...EventsPlugin.maximumParams).map { ("k\($0)", Value.string("v")) }))
        let longValue = Value.table(Record([("k", .string(String(repeating: "가", count: 1_400)))]))  // 4,200 bytes
        let longKey = Value.table(Record([(String(repeating: "k", count: 65), .string("v"))]))
        let emptyKey = Value.table(Record([("", .string("v"))]))
        let tooBig = Value.table(Record((0..<5).map { ("k\($0)", Value.string(String(repeating: "x", count: 4_000))) }))
        for params in [tooMany, longValue, longKey, emptyKey, tooBig] {
            let error = try refused(params)
            #expect(error.code == "invalid_argument" && error.field == "params", "\(error.message)")
        }
        // The largest accepted: 4 values of 4,000 bytes and short keys, under 16,384 bytes.
        let fits = Value.table(Record((0..<4).map { ("k\($0)", Value.string(String(repeating: "x", count: 4_000))) }))
        #expect(try EventsPlugin.checkedParams(fits).count == 4)
    }
}

/// The buffer hands its events over as a whole (no copy per event): what was drained, put
/// back and drained again keeps every event once, in order, with its amendments.
@Suite struct EventRecorderHandOverTests {
    static func event(_ name: String) -> PendingEvent { EventRecorderTests.event(name) }

    @Test func aSecondDrainBeforeTheCommitReturnsTheFlightAndTheNewEventsInOrder() {
        let recorder = EventRecorder()
        recorder.record(Self.event("a"))
        #expect(recorder.drainForCommit().map(\.name) == ["a"])
        recorder.record(Self.event("b"))
        recorder.record(Self.event("c"))
        #expect(recorder.drainForCommit().map(\.name) == ["a", "b", "c"])
        #expect(recorder.bufferedCount == 0)
        recorder.restoreAfterRollback()
        #expect(recorder.bufferedCount == 3)
        recorder.record(Self.event("d"))
        #expect(recorder.drainForCommit().map(\.name) == ["a", "b", "c", "d"])
        recorder.committed()
        #expect(recorder.drainForCommit().isEmpty)
    }

    @Test func aDrainedBatchStaysWholeWhileMoreEventsAreRecordedAndAmended() {
        let recorder = EventRecorder()
        let first = recorder.record(Self.event("a"))
        let drained = recorder.drainForCommit()
        let second = recorder.record(Self.event("b"))
        recorder.markFailed(second, code: "x.b")
        recorder.markFailed(first, code: "x.a")  // in flight: a failed copy is recorded
        #expect(drained.map(\.name) == ["a"] && drained[0].params.isEmpty)
        recorder.committed()
        let next = recorder.drainForCommit()
        #expect(next.map(\.name) == ["b", "a"])
        #expect(next.map { $0.params.last?.value } == ["x.b", "x.a"])
    }
}
