// The certificate the build pins to verify the gateway's server key (spec §S5). This example embeds
// the reference gateway's TEST certificate (examples/gateway/fixtures): never ship it in a real build.
import signingCertificate from '../../../gateway/fixtures/signing.pem?raw';

export const EMBEDDED_CERTIFICATE_PEM: string = signingCertificate;
