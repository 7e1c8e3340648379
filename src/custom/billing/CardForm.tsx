/**
 * The card form of the gateway in use. Only the sandbox's exists. A TapPay form (its hosted fields, TPDirect.card
 * .setup and getPrime, with the app id and key) would implement the same CardFormHandle and be chosen here, once the
 * server tells the SPA which gateway it runs (nothing in the contract says so yet). Not built.
 */
export { default as CardForm } from './SandboxCardForm';
