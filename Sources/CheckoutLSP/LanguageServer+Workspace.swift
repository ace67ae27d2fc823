import CheckoutJSON

extension LanguageServer {
    /// The id of the one request the server sends: registering the file watchers.
    static let watchersRegistrationID = "checkout-watch-flows"

    /// `initialize`'s `workspaceFolders` (or, from older clients, `rootUri`, else `rootPath`),
    /// and whether the client lets the server register file watchers.
    mutating func takeWorkspace(_ params: JSONValue) {
        if let folders = params["workspaceFolders"]?.items {
            workspaceFolders = folders.compactMap { $0["uri"]?.string }.compactMap(Self.path(ofURI:)).map(LSPPaths.standardized)
        }
        if workspaceFolders.isEmpty, let root = params["rootUri"]?.string.flatMap(Self.path(ofURI:)) ?? params["rootPath"]?.string {
            workspaceFolders = [LSPPaths.standardized(root)]
        }
        canWatchFiles = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"] == .bool(true)
    }

    /// `workspace/didChangeWorkspaceFolders`: folders added and removed.
    mutating func didChangeWorkspaceFolders(_ params: JSONValue) {
        let event = params["event"]
        let paths = { (key: String) in
            (event?[key]?.items ?? []).compactMap { $0["uri"]?.string }.compactMap(Self.path(ofURI:)).map(LSPPaths.standardized)
        }
        let removed = Set(paths("removed"))
        workspaceFolders = workspaceFolders.filter { !removed.contains($0) } + paths("added").filter { !workspaceFolders.contains($0) }
    }

    /// After `initialized`: asks the client to tell the server when a YAML file in a workspace
    /// folder changes on disk (`workspace/didChangeWatchedFiles`), when the client can register
    /// watchers. A flow extended by an open flow, or run by an open scenarios file, is read
    /// from the disk while it is not open itself.
    func registerWatchers() -> [JSONValue] {
        guard canWatchFiles else { return [] }
        let watcher = JSONValue.object([JSONMember("globPattern", .string("**/*.{yaml,yml}"))])
        let registration = JSONValue.object([
            JSONMember("id", .string(Self.watchersRegistrationID)),
            JSONMember("method", .string("workspace/didChangeWatchedFiles")),
            JSONMember("registerOptions", .object([JSONMember("watchers", .array([watcher]))])),
        ])
        return [
            .object([
                JSONMember("jsonrpc", .string("2.0")), JSONMember("id", .string(Self.watchersRegistrationID)),
                JSONMember("method", .string("client/registerCapability")),
                JSONMember("params", .object([JSONMember("registrations", .array([registration]))])),
            ])
        ]
    }
}
