import Core
import Storage
import Testing

@testable import Walks

/// At most 30 walk requests a minute from one sender, counted by the database (issue 28
/// item 2): the app says `walks.too_many_requests`, and on a server a row a member writes
/// in psql past the rate or a limit is refused too.
@Suite struct WalkRateTests {
    @Test(arguments: DatabaseBackend.available)
    func theThirtyFirstRequestInAMinuteIsRefusedUntilTheMinutePasses(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        func request() throws -> WalkRequest {
            try fixture.walks.request(
                mate: "mina", message: "walk?", latitude: 37.5, longitude: 126.9, placeName: nil,
                senderID: fixture.joon.id
            ).request
        }
        for _ in 0..<WalkRequest.maximumPerMinute {
            _ = try request()
            fixture.clock.advance(seconds: 1)
        }
        let error = try #require(throws: AppError.self) { try request() }
        #expect(error.code == "walks.too_many_requests")
        // The first was made 30 seconds ago: 30 more and it is out of the minute.
        fixture.clock.advance(seconds: 60 - WalkRequest.maximumPerMinute)
        _ = try request()
        // Mina's own requests are counted apart.
        _ = try fixture.walks.request(
            mate: "joon", message: "yes", latitude: 37.5, longitude: 126.9, placeName: nil, senderID: fixture.mina.id
        ).request
    }

    @Test(arguments: DatabaseBackend.available.filter { $0 == .postgres })
    func theDatabaseCountsTheRateOfRowsWrittenBehindTheAppsBack(backend: DatabaseBackend) throws {
        let fixture = try WalksFixture(backend: backend)
        let made = try fixture.walks.request(
            mate: "mina", message: "walk?", latitude: 37.5, longitude: 126.9, placeName: nil,
            senderID: fixture.joon.id
        ).request
        let copy = """
            INSERT INTO walk_requests (id, sender_id, recipient_id, message, latitude, longitude, status,
                created_at, expires_at, seq)
            SELECT left(id, 33) || ?1, sender_id, recipient_id, message, latitude, longitude, status, created_at, expires_at,
                seq + ?2 FROM walk_requests WHERE id = ?3
            """
        for index in 1..<WalkRequest.maximumPerMinute {
            try fixture.database.execute(copy, [.text("-\(index)"), .int(index), .text(made.id)])
        }
        let error = try #require(throws: StorageError.self) {
            try fixture.database.execute(copy, [.text("-last"), .int(1000), .text(made.id)])
        }
        #expect(error.failure == .constraint)
        #expect(error.message.contains("requests a minute"))
    }

    static let refusedRows: [String] = [
        "message = '\(String(repeating: "m", count: 101))'", "message = ''",
        "place_name = '\(String(repeating: "가", count: 101))'", "latitude = 90.5", "longitude = -181",
    ]

    @Test(
        arguments: DatabaseBackend.available.filter { $0 == .postgres }.flatMap { backend in
            refusedRows.map { (backend, $0) }
        })
    func aRequestWrittenBehindTheAppsBackPastALimitIsRefused(backend: DatabaseBackend, change: String) throws {
        let fixture = try WalksFixture(backend: backend)
        let made = try fixture.walks.request(
            mate: "mina", message: "walk?", latitude: 37.5, longitude: 126.9, placeName: nil,
            senderID: fixture.joon.id
        ).request
        let error = try #require(throws: StorageError.self) {
            try fixture.database.execute("UPDATE walk_requests SET \(change) WHERE id = ?", [.text(made.id)])
        }
        #expect(error.failure == .constraint)
    }
}
