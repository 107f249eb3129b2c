import AppTestSupport
import Core
import Storage
import Testing

/// A story the client names (`bookstories.create{id=}`) can be written again after an
/// unknown outcome (`storage.outcome_unknown`): the second call returns the first's story,
/// and nothing is made twice.
@Suite struct StoryIdentityTests {
    private func create(_ fixture: BookStoriesFixture, id: String, as actor: User? = nil) throws -> Value {
        try fixture.call(
            "bookstories.create",
            [
                "book": ["title": "데미안", "author": "헤르만 헤세"], "quotes": ["새는 알에서 나오려고 투쟁한다. 🐣"],
                "keywords": ["성장"], "id": .string(id),
            ], as: actor)
    }

    private func stories(_ fixture: BookStoriesFixture) throws -> Int {
        try #require(try fixture.app.database.queryOne("SELECT count(*) FROM book_stories") { try $0.int(0) })
    }

    @Test(arguments: DatabaseBackend.available)
    func theSameCallTwiceMakesOneStory(backend: DatabaseBackend) throws {
        let fixture = try BookStoriesFixture(backend: backend)
        let id = Identifier.random()
        let first = try create(fixture, id: id)
        let again = try create(fixture, id: id)
        #expect(first["id"] == .string(id))
        #expect(again == first)
        #expect(try stories(fixture) == 1)
    }

    @Test(arguments: ["nope", "6F1C2D9E-3B7A-4C1E-9A55-0D2F8E7B1A01", "'; DROP TABLE book_stories;--"])
    func anIdThatIsNoLowercaseUUIDIsRefused(id: String) throws {
        let fixture = try BookStoriesFixture()
        let error = try #require(throws: AppError.self) { try create(fixture, id: id) }
        #expect(error.code == "invalid_argument")
        #expect(error.field == "id")
        #expect(try stories(fixture) == 0)
    }

    @Test(arguments: DatabaseBackend.available)
    func anotherPersonsIdIsRefusedAndTheirStoryKept(backend: DatabaseBackend) throws {
        let fixture = try BookStoriesFixture(backend: backend)
        let id = Identifier.random()
        let mine = try create(fixture, id: id)
        let mina = try fixture.addUser(named: "mina")
        let error = try #require(throws: AppError.self) { try create(fixture, id: id, as: mina) }
        #expect(error.field == "id")
        #expect(try stories(fixture) == 1)
        #expect(try fixture.call("bookstories.get", ["id": .string(id)]) == mine)
    }
}
