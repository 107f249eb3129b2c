import Core
import Testing
import Time

@testable import Walks

@Suite struct WalkRequestTests {
    static let start = Instant(secondsSince1970: 1_795_910_400)

    static func request(message: String = "walk?", latitude: Double = 37.5, longitude: Double = 127) throws
        -> WalkRequest
    {
        try WalkRequest(
            id: "r", senderID: "a", recipientID: "b", message: message, latitude: latitude, longitude: longitude,
            placeName: nil, storedStatus: .pending, createdAt: start)
    }

    @Test func aPendingRequestExpiresSixtySecondsAfterItWasMade() throws {
        let request = try Self.request()
        #expect(request.status(at: Self.start.adding(seconds: 59)) == .pending)
        #expect(request.status(at: Self.start.adding(milliseconds: 59_999)) == .pending)
        #expect(request.status(at: Self.start.adding(seconds: 60)) == .expired)
        #expect(request.status(at: Self.start.adding(seconds: 61)) == .expired)
    }

    @Test func answeredRequestsNeverExpire() throws {
        let accepted = try WalkRequest(
            id: "r", senderID: "a", recipientID: "b", message: "m", latitude: 0, longitude: 0, placeName: nil,
            storedStatus: .accepted, createdAt: Self.start)
        #expect(accepted.status(at: Self.start.adding(seconds: 3600)) == .accepted)
    }

    static let bad: [(String, Double, Double, String)] = [
        ("", 0, 0, "message"), ("  \n ", 0, 0, "message"), (String(repeating: "가", count: 101), 0, 0, "message"),
        ("m", 90.000_1, 0, "place.lat"), ("m", -90.5, 0, "place.lat"), ("m", .nan, 0, "place.lat"),
        ("m", 0, 180.5, "place.lng"), ("m", 0, -.infinity, "place.lng"),
    ]

    @Test(arguments: bad)
    func badRequestsNameTheirField(message: String, latitude: Double, longitude: Double, field: String) {
        let error = #expect(throws: AppError.self) {
            try Self.request(message: message, latitude: latitude, longitude: longitude)
        }
        #expect(error?.code == "invalid_argument")
        #expect(error?.field == field)
    }

    @Test func edgesAreAccepted() throws {
        #expect(
            try Self.request(message: String(repeating: "가", count: 100), latitude: 90, longitude: -180).message.count
                == 100)
        #expect(try Self.request(message: "  trimmed  ").message == "trimmed")
    }

    @Test func aWalkLogMeasuresItsDurationAndRefusesNonsense() throws {
        let log = try WalkLog(
            id: "l", userID: "a", steps: 10, distance: 5, startedAt: Self.start, endedAt: Self.start.adding(seconds: 90)
        )
        #expect(log.durationSeconds == 90)
        #expect(throws: AppError.self) {
            try WalkLog(id: "l", userID: "a", steps: -1, distance: 5, startedAt: Self.start, endedAt: Self.start)
        }
        #expect(throws: AppError.self) {
            try WalkLog(id: "l", userID: "a", steps: 1, distance: .nan, startedAt: Self.start, endedAt: Self.start)
        }
        #expect(throws: AppError.self) {
            try WalkLog(
                id: "l", userID: "a", steps: 1, distance: 1, startedAt: Self.start,
                endedAt: Self.start.adding(seconds: -1))
        }
    }
}
