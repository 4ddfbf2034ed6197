// The signed-in agent's passkeys: the list, and adding (the browser's ceremony between the two
// calls), renaming and removing one. After any change the list is read again.
import {
  getPasskeys,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from '@backline/contract/calls/passkeys';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { endpointQueryOptions, useChange } from '@/lib/queries';

const KEY = 'passkeys';

export const passkeysQueryOptions = () => endpointQueryOptions([KEY], getPasskeys);

export const usePasskeys = () => useQuery(passkeysQueryOptions());

/** Asks the server for a challenge, lets the browser create the passkey, and registers it. */
async function addPasskey(Name: string) {
  const { Challenge, Options } = await apiCall(passkeyRegistrationOptions, { body: {} });
  const { startRegistration } = await import('@simplewebauthn/browser');
  const Response = await startRegistration({ optionsJSON: Options });
  return apiCall(registerPasskey, { body: { Challenge, Name, Response } });
}

export const useAddPasskey = () => useChange(addPasskey, [KEY], 'settled');

export const useRenamePasskey = () =>
  useChange(
    (body: { IdPasskey: number; Name: string }) => apiCall(renamePasskey, { body }),
    [KEY],
    'settled',
  );

export const useRemovePasskey = () =>
  useChange(
    (body: { IdPasskey: number; Password: string }) => apiCall(removePasskey, { body }),
    [KEY],
  );
