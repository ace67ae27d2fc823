/// `provider.signature`: how the `signature` hook signs a Maxpay request. The private key
/// never appears in a flow: either an environment variable holds it and the runtime signs,
/// or an external command signs, so the key can stay on a server.
package enum RequestSigning: Sendable, Hashable {
    /// Sign in-process with the private key read from this environment variable.
    case privateKey(environmentVariable: String)
    /// Run this command (argv; a relative program path is resolved against the flow file's
    /// directory) with the signed fields on stdin as `key=value` lines; it prints the signature.
    case command([String], timeout: Duration)

    /// How long a signing command may run when the flow does not say.
    public static let defaultCommandTimeout = Duration.seconds(10)
}
