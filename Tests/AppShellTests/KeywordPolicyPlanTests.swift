import Core
import Storage
import Testing

/// A story's keywords are readable when the story is: the policy looks the story up. For a
/// keyword thousands of public stories share, the planner hashed every story the member may
/// see before returning the first of 10 (`make bench-scale`: 66 ms among 200,000 stories).
@Suite(.enabled(if: DatabaseBackend.testServer != nil, "needs APP_SHELL_TEST_POSTGRES (make test sets it)"))
struct KeywordPolicyPlanTests {
    @Test func aCommonKeywordLooksUpOnlyTheStoriesItReturns() throws {
        let server = try PostgresMembers(["mina", "joon"])
        let (mina, joon) = (server.name("mina"), server.name("joon"))
        for name in [mina, joon] {
            let (app, _) = try server.app(of: name)
            app.database.close()
        }
        try server.admin.database.execute(
            """
            INSERT INTO book_stories (seq, id, author_id, book_title, book_author, content, visibility, created_at,
                                      updated_at)
            SELECT n, 'story-' || n, u.id, '데미안', '헤세', '생각', 'public', n, n
            FROM generate_series(1, 5000) n CROSS JOIN users u WHERE u.name = ?
            """, [.text(joon)])
        try server.admin.database.execute(
            """
            INSERT INTO book_story_keywords (story_seq, position, keyword, folded, author_id, visibility, created_at)
            SELECT seq, 0, '성장', '성장', author_id, visibility, created_at FROM book_stories
            """)
        try server.admin.database.execute("ANALYZE book_stories, book_story_keywords")
        let sql = try server.sql(of: mina)
        defer { sql.close() }
        let plan = try sql.query(
            """
            EXPLAIN SELECT story_seq FROM book_story_keywords WHERE folded = '성장' AND visibility = 'public'
            ORDER BY created_at DESC, story_seq DESC LIMIT 10
            """
        ) { try $0.string(0) }.joined(separator: "\n")
        #expect(!plan.contains("hashed SubPlan"), "\(plan)")
        #expect(
            try sql.query("SELECT story_seq FROM book_story_keywords WHERE folded = '성장' LIMIT 10") {
                try $0.int(0)
            }.count == 10)
    }
}
