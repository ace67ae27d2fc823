#!/bin/sh
# Signs a Maxpay request outside checkout, as a server holding the private key would:
# the signed fields arrive on stdin as sorted `key=value` lines; the signature is the
# SHA-256 (hex) of the lines and the private key joined with '|', lower-cased.
# The key comes from MAXPAY_PRIVATE_KEY; without it, the sandbox's public test key
# (docs/sandbox.md) is used, so the shipped flow runs offline as it is.
set -eu
key="${MAXPAY_PRIVATE_KEY:-sandbox-maxpay-private-key}"
{ cat; printf '%s\n' "$key"; } | paste -sd '|' - | tr -d '\n' | tr '[:upper:]' '[:lower:]' | sha256sum | cut -d ' ' -f 1
