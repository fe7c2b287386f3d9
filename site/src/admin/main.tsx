import { browserPlatform } from './platform/browser';
import { mountAdmin } from './mount';

// The browser entry of the admin back office (site/admin.html, served for every /admin path).
mountAdmin(document.getElementById('root')!, browserPlatform);
