// A field manager in the person's language. Its identity (managerKey, and managerLabel, which the
// core's ownership changes carry) is what the views match managers on, and stays as the object
// says it; only the words shown for a missing manager or operation change with the language.
import {
  managerLabel,
  managerLabelSaid,
  type ManagedFieldsOperation,
  type ManagerIdentity,
} from '@common/managed-fields'
import { t, tSaid } from '@i18n/renderer/locale.svelte'

/** The manager's name as the entry says it; `(no manager)` in the person's words when it has none. */
export const managerName = (manager: string): string => manager || t('own.mf.noManager')

/** The operation as the entry says it (Apply, Update); `unknown` in the person's words otherwise. */
export const operationName = (operation: ManagedFieldsOperation | null): string =>
  operation ?? t('own.mf.unknownOperationShort')

/** `equipe-web (Apply)`, `kubectl (Update, via scale)`, said in the person's language. */
export const managerShown = (identity: ManagerIdentity): string =>
  tSaid(managerLabelSaid(identity).as, managerLabel(identity))
