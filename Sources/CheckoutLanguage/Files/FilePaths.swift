/// The folder part of a path, without Foundation's `NSString` path methods: in
/// swift-corelibs-foundation 6.3, `deletingLastPathComponent` traps on a one-character path
/// (`"j"`, `"."`), which crashed `checkout run --journal j`, `checkout test s` and a flow named
/// `f` with `extends:` (SIGILL, exit 132).
package enum FilePaths {
    /// The folder that holds `path`: `""` for a bare name (`j`), `/` for a file at the root
    /// (`/j`), `a` for `a/j` and `a//j/`.
    public static func directory(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        var end = slash
        while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// `name` inside `directory` (`name` alone when `directory` is empty or `name` is absolute).
    public static func joined(_ directory: String, _ name: String) -> String {
        if directory.isEmpty || name.hasPrefix("/") { return name }
        return directory.hasSuffix("/") ? directory + name : "\(directory)/\(name)"
    }

    /// `flows/./a/../b.yaml` → `flows/b.yaml` and `/a/./b/../c.yaml` → `/a/c.yaml`, so two
    /// spellings of a file are one (no symbolic links resolved: people name files as they
    /// opened them); `.` for a relative path that comes to nothing.
    public static func standardized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
