/// The `trace` table: what the run's signposts measured. (`trace.span` is written in Lua
/// over the engine's interval builtins.) Needs a `Signposter` in the container.
public struct TracePlugin: ModulePlugin {
    /// The plugin; stateless, its dependencies come from the container at each call.
    public init() {}

    /// `trace`.
    public var name: String { "trace" }

    /// None.
    public var migrations: [Migration] { [] }

    /// Nothing to register: the composition root registers the one `Signposter`.
    public func register(in container: Container) {}

    /// `trace.summary`.
    public func routes() -> [Route] {
        [
            Route(
                "trace.summary", summary: "Count, total, median and 95th percentile of every interval so far.",
                returns: "trace_row[]", example: "show(trace.summary())"
            ) { _, context in
                .array(
                    try context.resolve(Signposter.self).summary().map { row in
                        .table(
                            Record([
                                ("name", .string(row.name)), ("count", .int(row.count)),
                                ("total_ms", .double(row.totalMilliseconds)), ("p50_ms", .double(row.p50Milliseconds)),
                                ("p95_ms", .double(row.p95Milliseconds)),
                            ]))
                    })
            }
        ]
    }

    /// The `trace_row` record.
    public func shapes() -> [RecordShape] {
        [
            RecordShape(
                "trace_row", doc: "The intervals of one name.",
                fields: [
                    .init("name", "string", "The interval name."), .init("count", "integer", "How many."),
                    .init("total_ms", "number", "Their total."), .init("p50_ms", "number", "The median."),
                    .init("p95_ms", "number", "The 95th percentile."),
                ])
        ]
    }
}
