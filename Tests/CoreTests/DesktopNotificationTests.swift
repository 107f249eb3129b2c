import Core
import Testing

@Suite struct DesktopNotificationTests {
    @Test func hangulAndEmojiCountAsOneCharacterEach() throws {
        let title = String(repeating: "치", count: 99) + "🦷"
        let notification = try DesktopNotification(title: title, body: String(repeating: "👩‍👩‍👧", count: 1_000))
        #expect(notification.title == title)
        #expect(notification.body.count == 1_000)
    }

    @Test(arguments: [
        ("", "body", "title"), ("  \n\t ", "", "title"), (String(repeating: "a", count: 101), "", "title"),
        ("ok", String(repeating: "b", count: 1_001), "body"),
    ])
    func refusesAnEmptyTitleAndTextsOverTheLimits(title: String, body: String, field: String) {
        do {
            _ = try DesktopNotification(title: title, body: body)
            Issue.record("accepted a bad notification")
        } catch let error as AppError {
            #expect(error.code == "invalid_argument")
            #expect(error.field == field)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func controlAndBidiCharactersBecomeSpaces() throws {
        let notification = try DesktopNotification(
            title: "Mina\u{1B}[31m\u{202E}gnp.exe\nx", body: "line 1\r\nline 2\u{0}\u{85}end\u{2066}")
        #expect(notification.title == "Mina [31m gnp.exe x")
        #expect(notification.body == "line 1\nline 2  end")
        #expect(!notification.line.contains("\n"))
        #expect(notification.line == "app-shell: notify: Mina [31m gnp.exe x — line 1 / line 2  end")
    }

    @Test func theBodyIsEscapedForServersThatReadMarkup() throws {
        let notification = try DesktopNotification(title: "t", body: "<a href=\"x\">me & you</a>")
        #expect(notification.markupBody == "&lt;a href=\"x\"&gt;me &amp; you&lt;/a&gt;")
    }

    @Test func aTitleAloneMakesALineWithoutABody() throws {
        #expect(try DesktopNotification(title: " Walk time ", body: "").line == "app-shell: notify: Walk time")
    }
}
