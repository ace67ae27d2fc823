extension Array {
    /// The elements in a buffer of their size when more than `1/fraction` of this one's capacity
    /// is unused (reserved from an estimate that was too high); else the array as it is.
    /// (`Array(array)` would share the buffer, spare capacity and all.)
    func withoutSpareCapacity(over fraction: Int) -> [Element] {
        guard capacity - count > count / fraction else { return self }
        var exact: [Element] = []
        exact.reserveCapacity(count)
        exact.append(contentsOf: self)
        return exact
    }
}
