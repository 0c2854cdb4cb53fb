// The invitation is written in the contract, so the patient's portal offers the same file to download.
export * from '../contract/ics';
