extension Container {
    /// The service registered for `type`, or nil when nothing registers it: for a
    /// collaborator that may be absent (a signposter without `--trace`). A registered
    /// service whose factory fails still throws, so a broken registration is never taken
    /// for an absent one, as `try? resolve` would.
    public func resolveIfRegistered<Service>(_ type: Service.Type = Service.self) throws -> Service? {
        isRegistered(type) ? try resolve(type) : nil
    }
}
