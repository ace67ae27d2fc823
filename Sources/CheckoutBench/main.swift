// Placeholder replaced by the benchmark below once the compiler builds.
print("checkout-bench: not yet written")
