// signature_pad for the report forms' drawn signature, loaded with the form (a test and a hurried user may draw at
// once); the `.client` suffix keeps it out of the Worker, where the pad is never drawn (undefined there).
export { default as SignaturePad } from "signature_pad";
