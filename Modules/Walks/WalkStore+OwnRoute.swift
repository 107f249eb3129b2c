import Core

extension WalkStore {
    /// `userID`'s walk `id` and its route's points in order (none for a walk logged by
    /// hand): what `walks.route` lists and `walks.picture` draws.
    /// - Throws: `walks.not_found` when they have no walk with that id (another person's
    ///   walk is not there for them).
    func ownWalk(_ id: String, userID: String) throws -> (log: WalkLog, route: [WalkRoutePoint]) {
        guard let log = try log(id: id, userID: userID) else {
            throw AppError.notFound("walks", "you have no walk with the id \(id)")
        }
        return (log, try routes(of: [log.id], userID: userID)[log.id] ?? [])
    }
}
