/// Turns every route call into an event of the acting user: the route's name, its module,
/// its scalar arguments as strings (free text by length only, secrets not at all) and, for
/// a failed call, its error code.
public struct EventMiddleware: Middleware {
    private let recorder: EventRecorder
    private let storeBatch: @Sendable () -> Void

    /// Middleware recording into `recorder`; `storeBatch` stores the buffer when it is full.
    public init(recorder: EventRecorder, storeBatch: @escaping @Sendable () -> Void) {
        self.recorder = recorder
        self.storeBatch = storeBatch
    }

    /// Records the call, then runs it; a failure is recorded with its code. The `events`
    /// routes themselves are not recorded: reading the log must not grow it.
    public func handle(_ call: RouteCall, next: (RouteCall) throws -> Value) throws -> Value {
        guard call.route.module != "events" else { return try next(call) }
        // Recorded first, so a route that writes in a transaction stores its own event in it
        // (the buffer is stored with the next transaction's writes).
        let number = recorder.record(Self.event(of: call))
        // Numbers grow by one per event, so every batchSize-th stores the buffer.
        let full = number % recorder.batchSize == 0
        do {
            let result = try next(call)
            if full { storeBatch() }
            return result
        } catch {
            recorder.markFailed(number, code: AppError.wrapping(error).code)
            if full { storeBatch() }
            throw error
        }
    }

    static func event(of call: RouteCall) -> PendingEvent {
        var params: [(key: String, value: String)] = []
        for parameter in call.route.parameters where !parameter.isSecret {
            let value = call.arguments[parameter.name]
            switch value {
            case .string(let text):
                if parameter.isFreeText && !(parameter.isNameOrID && Identifier.looksLikeIdentifier(text)) {
                    params.append(("\(parameter.name)_length", String(text.count)))
                } else {
                    params.append((parameter.name, text))
                }
            case .int(let number): params.append((parameter.name, String(number)))
            case .double(let number): params.append((parameter.name, String(number)))
            case .bool(let flag): params.append((parameter.name, flag ? "true" : "false"))
            default: continue
            }
        }
        return PendingEvent(
            name: call.route.name, view: call.route.module, params: params, occurredAt: call.context.clock.now(),
            userID: call.context.user.id)
    }
}
