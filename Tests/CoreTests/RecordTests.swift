import Core
import Formats
import Testing

@Suite struct RecordTests {
    /// A document that sets fifty thousand keys and then sets each to null is read in one
    /// pass (each removal rebuilt the key index: minutes); a key keeps its first place and
    /// its last value, and one set to null and again is there.
    @Test func manyKeysSetAndThenNulledAreReadInLinearTime() throws {
        let count = 50_000
        let keys = (0..<count).map { "\"k\($0)\": \($0)" } + (0..<count).map { "\"k\($0)\": null" }
        let nulled = try JSONParser.parse(Array(("{" + keys.joined(separator: ",") + ", \"k7\": \"다시\"}").utf8))
        #expect(nulled.recordValue?.keys == ["k7"])
        #expect(nulled["k7"] == "다시")
        let pairs: [(String, Value)] = (0..<20).map { ("k\($0)", .int($0)) } + [("k3", .null), ("k0", "last")]
        let record = Record(pairs)
        #expect(record.keys == (0..<20).filter { $0 != 3 }.map { "k\($0)" })
        #expect(record["k0"] == "last")
        #expect(record["k3"] == nil)
    }

    @Test func settingNullRemovesTheKey() {
        var record = Record([("a", 1), ("b", 2), ("c", 3)])
        record["b"] = .null
        #expect(record.keys == ["a", "c"])
        #expect(record["b"] == nil)
        #expect(record.count == 2)
    }

    @Test func settingNilRemovesTheKey() {
        var record = Record([("a", 1), ("b", 2)])
        record["a"] = nil
        #expect(record.keys == ["b"])
    }

    @Test func settingNullForAMissingKeyChangesNothing() {
        var record = Record([("a", 1)])
        record["z"] = .null
        #expect(record.keys == ["a"])
    }

    @Test func settingAnExistingKeyReplacesItInPlace() {
        var record = Record([("a", 1), ("b", 2), ("c", 3)])
        record["b"] = "two"
        #expect(record.keys == ["a", "b", "c"])
        #expect(record["b"] == "two")
    }

    @Test func settingANewKeyAppendsIt() {
        var record = Record([("b", 1)])
        record["a"] = 2
        #expect(record.keys == ["b", "a"])
    }

    @Test func initializerLeavesOutNullValues() {
        let record = Record([("a", 1), ("b", .null), ("c", Value.null)])
        #expect(record.keys == ["a"])
        #expect(Value.table(record).jsonText == #"{"a":1}"#)
    }

    @Test func repeatedKeysInTheInitializerKeepTheFirstPositionAndLastValue() {
        let record = Record([("a", 1), ("b", 2), ("a", 3)])
        #expect(record.keys == ["a", "b"])
        #expect(record["a"] == 3)
    }

    @Test func equalityIgnoresKeyOrder() {
        #expect(Record([("a", 1), ("b", 2)]) == Record([("b", 2), ("a", 1)]))
        #expect(Record([("a", 1), ("b", 2)]) != Record([("a", 1), ("b", 3)]))
        #expect(Record([("a", 1)]) != Record([("a", 1), ("b", 2)]))
    }

    @Test func iterationFollowsInsertionOrder() {
        let record = Record([("z", 1), ("a", 2)])
        #expect(record.map(\.key) == ["z", "a"])
        #expect(record.map(\.value) == [1, 2])
    }
}

/// Converting a table with many keys (a hostile options table) stays linear: before the
/// key index, 200,000 keys took minutes of string comparisons, far past the time limit.
@Suite struct LargeRecordTests {
    @Test(.timeLimit(.minutes(1))) func manyDistinctKeysBuildAndLookUpInLinearTime() {
        let count = 200_000
        let record = Record((0..<count).map { ("key\($0)", Value.int($0)) })
        #expect(record.count == count)
        #expect(record["key0"] == .int(0))
        #expect(record["key\(count - 1)"] == .int(count - 1))
        #expect(record.keys.first == "key0")
        #expect(record == Record((0..<count).reversed().map { ("key\($0)", Value.int($0)) }))
    }

    @Test func aLargeRecordKeepsOrderReplacementsAndRemovals() {
        var record = Record((0..<50_000).map { ("k\($0)", Value.int($0)) })
        record["k10"] = "ten"
        record["k5"] = nil
        record["k6"] = .null
        record["new"] = true
        record["k10"] = "again"
        #expect(record.count == 49_999)
        #expect(record["k10"] == "again")
        #expect(record["k5"] == nil && record["k6"] == nil)
        #expect(record.keys.prefix(6) == ["k0", "k1", "k2", "k3", "k4", "k7"])
        #expect(record.keys.last == "new")
        #expect(record["k49999"] == .int(49_999))
        // Duplicate keys in the input: the last value wins, in the first one's place.
        let duplicated = Record((0..<40).map { ("k\($0 % 20)", Value.int($0)) })
        #expect(duplicated.count == 20)
        #expect(duplicated["k3"] == .int(23))
        #expect(duplicated.keys.first == "k0")
    }
}
