import { createContext, useContext } from 'react';

/** Whether the surrounding `ApiForm` is waiting for the server (its buttons say so). */
export const FormPendingContext = createContext(false);

export function useFormPending(): boolean {
  return useContext(FormPendingContext);
}
