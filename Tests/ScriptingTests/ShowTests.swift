import Core
import Synchronization
import Testing

@testable import Scripting

/// What `show` prints, through the engine's real `show` chunk.
@Suite struct ShowTests {
    private func shown(_ source: String) throws -> String {
        try EngineFixture().engine.shownText(source).get()
    }

    /// The cells of the second column of a two-row table `{{name = "a", n = x}, ...}`.
    @Test(arguments: [
        ("3100.5", "3100.5"),
        ("12345.6", "12345.6"),
        ("3.0", "3.0"),
        ("7", "7"),
        ("-0.0", "-0.0"),
        ("1e100", "1e+100"),
        ("math.pi", "3.1415926535898"),
        ("2^53", "9.007199254741e+15"),
        ("math.maxinteger", "9223372036854775807"),
        ("0.1 + 0.2", "0.3"),
    ])
    func numbersPrintAsLuaPrintsThem(expression: String, expected: String) throws {
        let text = try shown("return {{name = 'a', n = \(expression)}}")
        let row = text.split(separator: "\n")[2]
        #expect(row == "a     \(expected)")
        #expect(try shown("return \(expression)") == expected)
    }

    @Test func columnsAlignByDisplayWidth() throws {
        let text = try shown(
            """
            return {
              {name = "보리", dog = "🐶", note = "x"},
              {name = "Bori", dog = "dog", note = "y"},
              {name = "👨‍👩‍👧🇰🇷🐶", dog = "café", note = "z"},
            }
            """)
        #expect(
            text.split(separator: "\n") == [
                "name    dog   note",
                "------  ----  ----",
                "보리    🐶    x",
                "Bori    dog   y",
                "👨‍👩‍👧🇰🇷🐶  café  z",
                "(3 rows)",
            ])
    }

    @Test func longCellsAreCutAtFortyColumnsBetweenGraphemes() throws {
        let text = try shown(#"return {{name = string.rep("보리", 30), n = 1}, {name = string.rep("ab", 30), n = 2}}"#)
        let rows = text.split(separator: "\n").map(String.init)
        #expect(rows[2] == String(repeating: "보리", count: 9) + "보…   1")
        #expect(rows[3] == String(repeating: "ab", count: 19) + "a…  2")
        #expect(rows.allSatisfy { TerminalText.width($0) <= 43 })
    }

    @Test func halfASyllableIsEscapedNotPrinted() throws {
        // The first 2 of the 3 bytes of 보: never invalid UTF-8 on the terminal.
        let text = try shown(#"return {{name = "\xeb\xb3", n = 1}}"#)
        #expect(text.split(separator: "\n")[2] == #"\xeb\xb3  1"#)
    }

    @Test(arguments: [
        #""\27[2J\27[H""#,  // clear the screen
        #""\27]0;owned\7""#,  // retitle the terminal
        #""\27]52;c;aGVsbG8=\7""#,  // OSC 52: write the clipboard
        #""\u{9b}2J""#,  // C1 CSI
        #""abc\u{202e}fed""#,  // bidi override
        #""a\0b\127""#,
    ])
    func controlCharactersNeverReachTheTerminal(literal: String) throws {
        for source in [
            "return {{name = \(literal), n = 1}}",  // a table cell
            "return \(literal)",  // a string
            "return {text = \(literal), [\(literal)] = 1}",  // a table, value and key
            "return {{name = 'a', nested = {\(literal)}}}",  // a nested table in a cell
            "return setmetatable({}, {__tostring = function() return \(literal) end})",
        ] {
            let text = try shown(source)
            let controls = text.unicodeScalars.filter { scalar in
                (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
                    || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            }
            #expect(controls.isEmpty, "\(source) printed \(text.debugDescription)")
        }
    }

    /// A presenter a plugin declares with its shape (given here through the options, as
    /// the composition root gives the plugins' ones) prints values of its shape, its text
    /// escaped like any other; other values print as before. Scripting itself knows no
    /// feature's shape: a calendar without the Habits presenter is a plain table.
    @Test func presentersFromTheOptionsPrintTheirShapes() throws {
        let presenter = #"""
            return function(v)
              if type(v) == "table" and v.kind == "dot" then return "dot " .. v.n .. "\27[2J" end
            end
            """#
        let engine = try EngineFixture(options: EngineOptions(presenters: [ShowPresenter(presenter)])).engine
        #expect(try engine.shownText(#"return {kind = "dot", n = 3}"#).get() == #"dot 3\x1b[2J"#)
        #expect(try engine.shownText("return {n = 3}").get() == "{n = 3}")
        let calendar = #"return {year = 2026, month = 11, days = {{date = "2026-11-01", state = "empty"}}}"#
        #expect(try !shown(calendar).contains("Mo   Tu"))
    }

    /// A presenter's styled pieces are coloured only when the options say the output takes
    /// colour; every piece still passes through `visible` (a piece's own escape is escaped).
    @Test(arguments: [false, true])
    func styledPiecesAreColouredOnlyWhenTheOutputTakesColour(colour: Bool) throws {
        let presenter = #"""
            return function(v)
              if type(v) == "table" and v.kind == "marks" then return {"a ", {"#", "green"}, {"x\27[2J", "red"}} end
            end
            """#
        let engine = try EngineFixture(options: EngineOptions(presenters: [ShowPresenter(presenter)], colour: colour))
            .engine
        let text = try engine.shownText(#"return {kind = "marks"}"#).get()
        #expect(text == (colour ? "a \u{1B}[32m#\u{1B}[0m\u{1B}[31mx\\x1b[2J\u{1B}[0m" : #"a #x\x1b[2J"#))
    }

    /// A presenter that does not return a function fails the first show of a table with a
    /// clear error (presenters are compiled on first use); strings and numbers still show.
    @Test func aPresenterThatIsNoFunctionIsRefused() throws {
        let fixture = try EngineFixture(options: EngineOptions(presenters: ["return 42"]))
        #expect(try fixture.engine.shownText("return 7").get() == "7")
        guard case .failure(let failure) = fixture.evaluate("show({n = 1})") else {
            Issue.record("a presenter that returns 42 showed a table")
            return
        }
        #expect(failure.message.contains("presenter #1 does not return a function"), "\(failure.message)")
    }

    /// Presenters are compiled when `show` first prints a table, each chunk once: a
    /// start-up that shows no table compiles none of them.
    @Test func presentersAreCompiledOnTheFirstTableShownAndOnlyOnce() throws {
        let presenter = #"""
            presenter_runs = (presenter_runs or 0) + 1
            return function(v) if v.kind == "dot" then return "dot" end end
            """#
        let fixture = try EngineFixture(
            options: EngineOptions(presenters: [ShowPresenter(presenter), ShowPresenter(presenter)]))
        #expect(try fixture.evaluate("return presenter_runs").get() == [.null])
        #expect(try fixture.engine.shownText("return 1").get() == "1")
        #expect(try fixture.evaluate("return presenter_runs").get() == [.null])
        #expect(try fixture.engine.shownText(#"return {kind = "dot"}"#).get() == "dot")
        #expect(try fixture.evaluate("return presenter_runs").get() == [.int(1)])
        #expect(try fixture.engine.shownText(#"return {kind = "line"}"#).get() == #"{kind = "line"}"#)
        #expect(try fixture.engine.shownText(#"return {kind = "dot"}"#).get() == "dot")
        #expect(try fixture.evaluate("return presenter_runs").get() == [.int(2)])
    }

    @Test func stringsKeepTheirLinesAndCellsStayOnOne() throws {
        #expect(try shown(#"return "one\n\ttwo\27""#) == "one\n\ttwo\\x1b")
        #expect(try shown(#"return {{name = "one\ntwo", n = 1}}"#).split(separator: "\n")[2] == "one two  1")
    }

    /// `show`, the REPL's printing of results and `help` all write to the engine's output sink.
    @Test func showHelpAndResultsWriteToTheEnginesOutput() throws {
        let written = Mutex<String>("")
        let sink = OutputSink { text in written.withLock { $0 += text } }
        let engine = try EngineFixture(options: EngineOptions(output: sink)).engine
        _ = try engine.evaluate(#"show({1, 2}); help("show")"#).get()
        guard case .loaded(let chunk) = engine.loadLine("40 + 2") else {
            Issue.record("does not compile")
            return
        }
        _ = try engine.run(chunk, output: .show).get()
        let text = written.withLock { $0 }
        #expect(text.hasPrefix("{1, 2}\nshow(...)"))
        #expect(text.hasSuffix("\n42\n"))
    }
}
