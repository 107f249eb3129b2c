import Core
import Testing

@Suite struct ValueTests {
    @Test(arguments: [
        (Value.null, "nil"), (true, "boolean"), (1, "number"), (1.5, "number"), ("s", "string"), (.array([]), "table"),
        (.table(Record()), "table"),
    ])
    func kindNamesAreLuaTypeNames(value: Value, kind: String) {
        #expect(value.kindName == kind)
    }

    @Test(arguments: [
        (Value.int(3), 3 as Int?), (3.0, 3), (-0.0, 0), (3.5, nil), ("3", nil), (.double(.infinity), nil),
    ])
    func intValueAcceptsIntegralFloatsOnly(value: Value, expected: Int?) {
        #expect(value.intValue == expected)
    }

    @Test func doubleValueWidensIntegers() {
        #expect(Value.int(2).doubleValue == 2.0)
        #expect(Value.double(2.5).doubleValue == 2.5)
        #expect(Value.string("2").doubleValue == nil)
    }

    @Test func emptyTableAndEmptyArrayStandInForEachOther() {
        #expect(Value.table(Record()).arrayValue == [])
        #expect(Value.array([]).recordValue == Record())
        #expect(Value.table(Record([("a", 1)])).arrayValue == nil)
        #expect(Value.array([1]).recordValue == nil)
    }

    @Test func subscriptReadsTableFieldsAndIsNullOtherwise() {
        let value: Value = ["name": "Run", "streak": 3]
        #expect(value["name"] == "Run")
        #expect(value["missing"] == .null)
        #expect(Value.string("Run")["name"] == .null)
    }

    @Test func onlyNullIsNull() {
        let value = Value.null
        #expect(value.isNull)
        #expect(!Value.bool(false).isNull)
    }
}
