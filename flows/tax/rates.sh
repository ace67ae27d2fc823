#!/bin/sh
# A merchant's tax service for flows/tax-service.yaml (taxService.command): reads the address
# and price as JSON on stdin, prints {"taxAmount": "…"} on stdout. POSIX sh and coreutils only;
# the arithmetic is in minor units, so no binary floating point touches the money.
#
# Rates (percent): US-NY 8.875, US-CA 7.25, CA 5, GB 20, NO 25, elsewhere 0.
# For the shipped scenarios, three postal codes stand for a broken service:
#   00000  the service fails (exit 3)      88888  it answers garbage
#   99999  it hangs (killed at the flow's timeout)
input=$(cat)
field() { printf '%s' "$input" | sed -n "s/.*\"$1\" *: *\"\([^\"]*\)\".*/\1/p"; }
country=$(field country)
state=$(field state)
zip=$(field zip)
amount=$(field amount)

case $zip in
00000) echo "tax service unavailable" >&2; exit 3 ;;
88888) echo "<html>502 Bad Gateway</html>"; exit 0 ;;
99999) exec sleep 30 ;;
esac

# Percent times 1000: 8.875 % is 8875.
case $country-$state in
US-NY) rate=8875 ;;
US-CA) rate=7250 ;;
CA-*) rate=5000 ;;
GB-*) rate=20000 ;;
NO-*) rate=25000 ;;
*) rate=0 ;;
esac

case $amount in
*.*) whole=${amount%.*} fraction=${amount#*.} ;;
*) whole=$amount fraction= ;;
esac
scale=${#fraction}
minor=$(printf '%s' "$whole$fraction" | sed 's/^0*//')
[ -n "$minor" ] || minor=0
# tax = amount × percent / 100, half-up, in minor units.
tax=$(((minor * rate + 50000) / 100000))
if [ "$scale" -eq 0 ]; then
  text=$tax
else
  unit=1
  i=0
  while [ "$i" -lt "$scale" ]; do unit=$((unit * 10)); i=$((i + 1)); done
  text=$((tax / unit)).$(printf "%0${scale}d" $((tax % unit)))
fi
printf '{"taxAmount": "%s"}\n' "$text"
