import type { Db } from '../../db/client';
import { clientDirectory } from '../clients/service';
import { serviceDirectory } from '../services/service';
import type * as repo from './repo';

/** The client and service columns shown with an appointment, from their own features. */
export function directoriesOf(db: Db, profileId: string): repo.Directories {
  return { clients: clientDirectory({ db }, profileId), services: serviceDirectory(db, profileId) };
}
