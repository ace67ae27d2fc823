import CYAML

/// libyaml on its own, without building anything: the baseline the tree builder is measured against.
package enum RawYAML {
    /// Runs libyaml's event loop over `bytes` (parse and delete each event, nothing else) and
    /// returns how many events it produced before the end of the stream or the first error.
    public static func eventCount(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { input in
            let reader = LibYAMLParser(input: input)
            guard reader.isReady else { return 0 }
            var count = 0
            while reader.next() {
                count += 1
                let isEnd = reader.event.pointee.type == YAML_STREAM_END_EVENT
                yaml_event_delete(reader.event)
                if isEnd { break }
            }
            return count
        }
    }
}
