import Core
import Formats
import Testing

/// CSV as Loop Habit Tracker and HabitBull write it (opencsv, RFC 4180), read and written.
@Suite struct CSVTableTests {
    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let text = "\u{FEFF}a,b,c\r\n\"1,5\",\"say \"\"hi\"\"\",\"two\nlines\"\n\nlast,,\"\"\n"
        let rows = try CSVTable.rows(Array(text.utf8), name: "t.csv")
        #expect(rows == [["a", "b", "c"], ["1,5", "say \"hi\"", "two\nlines"], ["last", "", ""]])
    }

    @Test func whatIsWrittenIsReadBackTheSame() throws {
        let fields = ["물 마시기 💧", "a,b", "say \"hi\"", "two\nlines", " padded ", ""]
        #expect(try CSVTable.rows(Array(CSVTable.line(fields).utf8), name: "t.csv") == [fields])
    }

    @Test func aQuoteLeftOpenIsRefused() {
        let error = #expect(throws: AppError.self) { try CSVTable.rows(Array("a,\"open\n".utf8), name: "t.csv") }
        #expect(error?.field == "path")
        #expect(error?.message.contains("t.csv ends inside a quoted field") == true)
    }

    @Test func aRowOfOverAThousandFieldsIsRefused() {
        let text = String(repeating: "x,", count: 1_000) + "x\n"
        #expect(throws: AppError.self) { try CSVTable.rows(Array(text.utf8), name: "wide.csv") }
    }
}
