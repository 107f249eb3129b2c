import Core
import Testing

@Suite struct RecordTests {
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
