import Testing

@testable import Core

/// `CredentialRedaction` masks every password a command line, an environment variable or
/// a sink's URL holds, and keeps the rest of the text as it was.
@Suite struct CredentialRedactionTests {
    @Test(arguments: [
        ("postgres://mina:secret@db.example.org:5432/walks", "postgres://mina:********@db.example.org:5432/walks"),
        (
            "postgresql://u:p%40ss@127.0.0.1:9/x?sslmode=require",
            "postgresql://u:********@127.0.0.1:9/x?sslmode=require"
        ),
        ("postgresql://u:p@ss@host/db", "postgresql://u:********@host/db"),
        ("postgresql://u:secret@h1:5432,h2:5433", "postgresql://u:********@h1:5432,h2:5433"),
        ("--db=postgres://u:secret@h/db", "--db=postgres://u:********@h/db"),
        ("http://sink:token@127.0.0.1:8080/events", "http://sink:********@127.0.0.1:8080/events"),
        (
            "postgresql://h/db?user=u&password=secret&sslmode=require",
            "postgresql://h/db?user=u&password=********&sslmode=require"
        ),
        ("host=h user=u password=secret dbname=x", "host=h user=u password=******** dbname=x"),
        ("host=h password = 'se cr\\'et' dbname=x", "host=h password = '********' dbname=x"),
        ("sslpassword=keypass", "sslpassword=********"),
        ("PGPASSWORD=secret", "PGPASSWORD=********"),
        (
            "a postgres://a:one@h1 and postgres://b:two@h2/x",
            "a postgres://a:********@h1 and postgres://b:********@h2/x"
        ),
    ])
    func passwordsAreMaskedAndTheRestKept(text: String, expected: String) {
        #expect(CredentialRedaction.redacted(text) == expected)
    }

    @Test(arguments: [
        "postgres://mina@db.example.org/walks", "postgres:///walks", "/tmp/app.db", "--db", "http://127.0.0.1:9/x",
        "my password is long", "password=", "mailto:someone@example.org", "",
    ])
    func textWithoutAPasswordIsUnchanged(text: String) {
        #expect(CredentialRedaction.redacted(text) == text)
    }

    @Test func maskingTwiceChangesNothing() {
        let once = CredentialRedaction.redacted("postgres://u:secret@h/db?password=again")
        #expect(CredentialRedaction.redacted(once) == once)
        #expect(!once.contains("secret") && !once.contains("again"))
    }

    @Test func anEventSinkChoiceNamesItsSinkWithoutThePassword() {
        let choice = EventSinkChoice(sink: nil, description: "http://sink:token@127.0.0.1:8080/events")
        #expect(choice.description == "http://sink:********@127.0.0.1:8080/events")
    }
}
