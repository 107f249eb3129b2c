import Core
import Time

/// Walk requests between mates and walk logs. Expiry is judged by the clock at each read
/// or answer, so no background job is needed.
public struct ManageWalks: Sendable {
    let store: any WalkStore
    let transactions: any TransactionRunner
    let mates: any MateDirectory
    let users: any UserRepository
    let clock: any Clock

    /// `store` keeps the requests and logs, `transactions` makes an import atomic, `mates`
    /// says why a request or an acceptance was refused, `users` finds a user by name or id,
    /// and `clock` judges each request's 60 seconds when it is read or answered.
    public init(
        store: any WalkStore, transactions: any TransactionRunner, mates: any MateDirectory, users: any UserRepository,
        clock: any Clock
    ) {
        self.transactions = transactions
        self.store = store
        self.mates = mates
        self.users = users
        self.clock = clock
    }

    /// Asks a mate to walk now. With `id` (a lowercase UUID the caller chose), the same call
    /// can run again after `storage.outcome_unknown`: when the sender's request with that id
    /// exists, it is returned as it is, and nothing is made or counted again. Returns the
    /// request with the user it went to, so that showing it reads no names.
    /// - Throws: `walks.not_a_mate`, `walks.too_many_requests`, `invalid_argument` (also for a place name over 100
    ///   characters, checked here for new requests so older rows still load; for an `id` not
    ///   well formed, or another person's).
    public func request(
        mate reference: String, message: String, latitude: Double, longitude: Double, placeName: String?,
        senderID: String, id chosen: String? = nil
    ) throws -> SentWalkRequest {
        // The same call again (after storage.outcome_unknown): the request it made, if it did.
        if let chosen = try Identifier.chosen(chosen), let made = try store.request(id: chosen),
            made.senderID == senderID
        {
            return SentWalkRequest(request: made, recipient: try users.user(id: made.recipientID))
        }
        let placeName = placeName?.composed
        if let placeName, placeName.limitLength > WalkRequest.maximumPlaceNameLength {
            throw AppError.invalidArgument(
                "place.name is at most \(WalkRequest.maximumPlaceNameLength) characters, got \(placeName.limitLength)",
                field: "place.name")
        }
        let request = try WalkRequest(
            id: chosen ?? Identifier.random(), senderID: senderID, recipientID: "", message: message,
            latitude: latitude, longitude: longitude, placeName: placeName, storedStatus: .pending,
            createdAt: clock.now())
        // The recipient, the link and the rate are asked by the insert itself (one round
        // trip); only a refusal reads them again, to say which.
        let sent: SentWalkRequest?
        do {
            sent = try store.send(request, to: reference)
        } catch let error as StorageError
            where error.failure == .constraint && error.message.contains(WalksSchema.rateMessage)
        {
            throw Self.tooManyRequests
        } catch let error as StorageError where error.failure == .duplicate && chosen != nil {
            // Another person's request has it (theirs is not shown to us).
            throw Identifier.taken
        }
        if let sent { return sent }
        guard let mate = try users.user(named: reference) ?? users.user(id: reference.lowercased()),
            mate.id != senderID, try mates.areMates(senderID, mate.id),
            try store.sentInLastMinute(by: senderID, at: request.createdAt) >= WalkRequest.maximumPerMinute
        else { throw Self.notAMate(reference) }
        throw Self.tooManyRequests
    }

    /// Someone the sender may not ask: not a mate, not a user, or themself.
    private static func notAMate(_ reference: String) -> AppError {
        AppError(code: "walks.not_a_mate", message: "'\(reference)' is not your mate", field: "mate")
    }

    /// A sender past `WalkRequest.maximumPerMinute` requests in a minute.
    private static let tooManyRequests = AppError(
        code: "walks.too_many_requests",
        message: "at most \(WalkRequest.maximumPerMinute) walk requests a minute; wait and ask again")

    /// Answers a request: accept or decline (the recipient), cancel (the sender), as one
    /// conditional update that names who may answer and is judged at the store's clock (the
    /// database server's on PostgreSQL, so the window holds across machines). Accepting
    /// checks again, in the update that accepts, that the two are still mates. Only when
    /// nothing changed is the request read (and, for an acceptance, the link), to say why.
    /// - Throws: `walks.not_found` (not yours to see), `forbidden` (not your part),
    ///   `walks.not_pending`, `walks.not_a_mate` (accepting after the link ended).
    public func answer(_ id: String, with status: WalkStatus, userID: String) throws -> AnsweredWalkRequest {
        let now = clock.now()
        let key = id.lowercased()
        if let answered = try store.answer(id: key, with: status, by: userID, at: now) { return answered }
        guard let request = try store.request(id: key), request.senderID == userID || request.recipientID == userID
        else { throw AppError(code: "walks.not_found", message: "no walk request '\(id)'", field: "id") }
        let allowed = status == .cancelled ? request.senderID : request.recipientID
        guard allowed == userID else {
            throw AppError.forbidden(
                status == .cancelled
                    ? "only the sender can cancel a request" : "only the recipient can answer a request")
        }
        let current = request.status(at: now)
        if status == .accepted, current == .pending, try !mates.areMates(request.senderID, request.recipientID) {
            throw AppError(
                code: "walks.not_a_mate",
                message: "you and the sender are no longer mates; the request cannot be accepted",
                field: "id")
        }
        // Pending by the app's clock but refused by the store's: the store's clock judged it
        // expired (the database server's, when it judges).
        let shown = current == .pending ? WalkStatus.expired : current
        throw AppError(code: "walks.not_pending", message: "the request is \(shown.rawValue), not pending", field: "id")
    }

    /// Requests to or from `userID`, newest first, optionally of one status.
    public func list(incoming: Bool, status: WalkStatus?, userID: String) throws -> [WalkRequest] {
        let now = clock.now()
        return try store.requests(of: userID, incoming: incoming).filter {
            status == nil || $0.status(at: now) == status
        }
    }

    /// Logs a walk that has ended: at most 100,000 steps, 100 km and a day long.
    ///
    /// The bounds are checked here, for new logs, rather than in `WalkLog` itself, so logs
    /// stored before they existed still load.
    /// - Throws: `invalid_argument` (fields `steps`, `distance`, `ended_at`).
    public func log(steps: Int, distance: Double, startedAt: Instant, endedAt: Instant, userID: String) throws
        -> WalkLog
    {
        guard steps <= WalkLog.maximumSteps else {
            throw AppError.invalidArgument(
                "steps are at most 100000 for one walk, got \(steps)", field: "steps")
        }
        guard !distance.isFinite || distance <= WalkLog.maximumDistance else {
            throw AppError.invalidArgument(
                "distance is at most 100000 metres (100 km) for one walk, got \(distance)", field: "distance")
        }
        let now = clock.now()
        guard endedAt <= now else {
            throw AppError.invalidArgument(
                "a walk cannot end in the future: ended_at \(endedAt.iso8601(in: clock.timeZone)) is after now "
                    + "(\(now.iso8601(in: clock.timeZone)))", field: "ended_at")
        }
        let limit = startedAt.adding(seconds: WalkLog.maximumDurationSeconds)
        guard endedAt <= limit || endedAt < startedAt else {
            throw AppError.invalidArgument(
                "a walk lasts at most 24 hours; log a longer outing as several walks", field: "ended_at")
        }
        let log = try WalkLog(
            id: Identifier.random(), userID: userID, steps: steps, distance: distance, startedAt: startedAt,
            endedAt: endedAt)
        try store.insert(log, route: [])
        return log
    }

    /// Walk logs starting on the local days `from` through `to`.
    public func logs(from: LocalDay?, to: LocalDay?, userID: String) throws -> [WalkLog] {
        func start(of day: LocalDay) -> Instant {
            // The local midnight: the UTC midnight moved by the zone's offset then.
            let utc = Instant(secondsSince1970: day.dayNumber * 86_400)
            return utc.adding(seconds: -clock.timeZone.offset(at: utc))
        }
        return try store.logs(of: userID, from: from.map(start), to: to.map { start(of: $0.next) })
    }

    /// Makes walks of a GPX file's tracks (`ImportWalks`) in one transaction.
    /// - Throws: `walks.bad_gpx` (field `path`) for a file that is not GPX, holds no track,
    ///   or none of whose tracks could be a walk (the reasons in the message);
    ///   `invalid_argument` as `ImportWalks`.
    public func importGPX(
        _ bytes: [UInt8], steps: Int?, startedAt: Instant?, endedAt: Instant?, userID: String
    ) throws -> ImportedWalks {
        let file = try GPXWalksFormat.read(bytes)
        let imported = try transactions.transaction {
            try ImportWalks(store: store, clock: clock)(
                file, steps: steps, startedAt: startedAt, endedAt: endedAt, userID: userID)
        }
        guard !imported.logs.isEmpty || imported.alreadyThere > 0 else {
            throw AppError(
                code: "walks.bad_gpx", message: "no walk in the file: " + imported.skipped.joined(separator: "; "),
                field: "path")
        }
        return imported
    }

    /// The points of `userID`'s walk `id`, in order.
    /// - Throws: `walks.not_found`.
    public func route(of id: String, userID: String) throws -> [WalkRoutePoint] {
        try store.ownWalk(id, userID: userID).route
    }

    /// The weeks of walks starting on the local days `from` through `to`, newest first.
    public func summary(from: LocalDay?, to: LocalDay?, userID: String) throws -> [WalkWeek] {
        WalkSummary.weeks(of: try logs(from: from, to: to, userID: userID), in: clock.timeZone)
    }
}
