#!/usr/bin/env sh
# Generates the TEST-ONLY key material of the reference gateway with the openssl CLI:
# a test CA, a key-signing certificate issued by it (the certificate a client embeds), the gateway's
# RSA key (login key wrap), and a rogue self-signed certificate for negative tests.
# Never use these files outside tests: the private keys are public in this repository.
set -eu
cd "$(dirname "$0")/fixtures"
DAYS=3650
openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days "$DAYS" \
  -keyout ca.key -out ca.pem -subj "/CN=exkit TEST CA (test material only)" \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"
openssl req -newkey rsa:2048 -nodes -sha256 -keyout signing.key -out signing.csr \
  -subj "/CN=exkit TEST gateway key signer (test material only)"
printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n' > signing.ext
openssl x509 -req -in signing.csr -CA ca.pem -CAkey ca.key -set_serial 0x1001 -sha256 -days "$DAYS" \
  -extfile signing.ext -out signing.pem
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out server.key
openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days "$DAYS" \
  -keyout rogue.key -out rogue.pem -subj "/CN=exkit TEST rogue signer (test material only)"
rm -f signing.csr signing.ext
echo "fixtures written to $(pwd)"
