import { describeStorageContract, FULL_CAPABILITIES } from '../../test/storage-contract';
import { startLocalStorageServer } from '../../test/storage-servers';

describeStorageContract('local adapter over HTTP', FULL_CAPABILITIES, startLocalStorageServer);
