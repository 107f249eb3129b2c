import Core
import Testing
import Time

@testable import Storage

/// Reading an inbox row's payload: the triggers write a JSON object of strings and of
/// milliseconds under `_at` keys; anything else a row may hold (the owner can write one by
/// hand) is left out rather than trusted or crashed on.
@Suite struct SQLInboxPayloadTests {
    @Test func stringsAreTextAndMillisecondsUnderAtKeysAreInstants() {
        let params = SQLInbox.params(
            #"{"id": "w-1", "from": "준호🐶", "expires_at": 1796000460000, "count": 3, "lat": 37.5, "gone": null, "ok": true}"#
        )
        #expect(params.map(\.key) == ["id", "from", "expires_at", "count", "lat"])
        #expect(params[1].value == .text("준호🐶"))
        #expect(params[2].value == .instant(Instant(millisecondsSince1970: 1_796_000_460_000)))
        #expect(params[3].value == .text("3"))
        #expect(params[4].value == .text("37.5"))
    }

    @Test(arguments: ["", "not json", "[1, 2]", "\"text\"", "42", "{\"a\": ", "{\"a\": {\"b\": \"c\"}}"])
    func aPayloadThatIsNoObjectOfScalarsShowsNothing(json: String) {
        #expect(SQLInbox.params(json).isEmpty)
    }

    @Test func aPayloadKeepsAtMostItsFirstThirtyTwoParams() {
        let json = "{" + (1...100).map { "\"k\($0)\": \"v\($0)\"" }.joined(separator: ", ") + "}"
        let params = SQLInbox.params(json)
        #expect(params.count == InboxEntry.maximumParams)
        #expect(params.last?.key == "k\(InboxEntry.maximumParams)")
    }

    @Test func anEntryShowsItsInstantsInTheReadersZone() throws {
        let entry = InboxEntry(
            id: 7, recipientID: "u", name: "walks.incoming",
            params: [("id", .text("w")), ("expires_at", .instant(Instant(millisecondsSince1970: 60_000)))],
            occurredAt: Instant(millisecondsSince1970: 0))
        let value = entry.value(in: try TimeZoneRules.named("Asia/Seoul"))
        #expect(value["params"]["expires_at"] == "1970-01-01T09:01:00+09:00")
        #expect(value["occurred_at"] == "1970-01-01T09:00:00.000+09:00")
        #expect(value["view"] == "inbox")
        #expect(value["id"] == 7)
    }
}
