#!/usr/bin/env python3
"""A merchant's backend charging cards through BlueSnap's Payment API, with nothing but the
standard library: the code a merchant would test against `checkout serve bluesnap` instead of
BlueSnap's sandbox. Start the mock, export what it prints, then run this:

    checkout serve bluesnap --port 8765 &
    export BS_API_USER=fake-api-user BS_API_PASSWORD=fake-api-password
    python3 examples/merchant-backend/charge.py http://127.0.0.1:8765

For each card (SPEC §7's sandbox cards) it does what BlueSnap's hosted payment fields and a
backend do together: create a payment-fields token (POST /services/2/payment-fields-tokens,
Basic auth; the token is the last part of the Location header), put the card on the token
(PUT …/payment-fields-tokens/TOKEN, Token-Authentication header, as the browser's hosted fields
do), then charge it (POST /services/2/transactions, AUTH_CAPTURE with the pfToken). It prints
one line per card: the last four digits and BlueSnap's answer — approved with the transaction
id, or declined with BlueSnap's errorName. Card numbers after the URL replace the four cards
(a fixtures file's cards, with `checkout serve bluesnap --fixtures FILE`). Exit 0 when every
card got an answer."""
import base64
import json
import os
import sys
import urllib.error
import urllib.request

CARDS = [
    ("4111 1111 1111 1111", "123"),  # approved
    ("4000 0000 0000 9995", "123"),  # declined: insufficient funds
    ("4000 0000 0000 0002", "123"),  # declined: card declined
    ("3782 822463 10005", "1234"),  # American Express, approved
]


def call(base, method, path, body=None, headers=None):
    request = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    request.add_header("Accept", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def charge(base, auth, number, cvv, amount="25.00", currency="USD"):
    status, headers, _ = call(base, "POST", "/services/2/payment-fields-tokens", headers=auth)
    if status != 201:
        return f"token refused ({status})"
    token = headers["Location"].rsplit("/", 1)[-1]
    card = {"ccNumber": number.replace(" ", ""), "cvv": cvv, "expDate": "12/2030"}
    status, _, body = call(base, "PUT", f"/services/2/payment-fields-tokens/{token}", card, {"Token-Authentication": token})
    if status != 200:
        return f"card refused ({status})"
    payment = {"cardTransactionType": "AUTH_CAPTURE", "amount": amount, "currency": currency, "pfToken": token}
    status, _, body = call(base, "POST", "/services/2/transactions", payment, auth)
    answer = json.loads(body or b"{}", parse_float=str)  # money stays decimal text
    if status == 200:
        return f"approved {answer['transactionId']} {answer['amount']} {answer['currency']}"
    messages = answer.get("message") or [{}]
    return f"declined {messages[0].get('errorName', status)}"


def main(base, numbers):
    credentials = f"{os.environ['BS_API_USER']}:{os.environ['BS_API_PASSWORD']}"
    auth = {"Authorization": "Basic " + base64.b64encode(credentials.encode()).decode()}
    cards = [(n, "1234" if n.replace(" ", "").startswith(("34", "37")) else "123") for n in numbers] or CARDS
    for number, cvv in cards:
        print(f"card ending {number[-4:]}: {charge(base.rstrip('/'), auth, number, cvv)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8765", sys.argv[2:]))
