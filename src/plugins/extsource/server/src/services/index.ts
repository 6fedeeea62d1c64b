import host from '../host';
import catalogue from './catalogue';
import connection from './connection';
import projects from './projects';
import sync from './sync';

export default { catalogue, connection, host, projects, sync };
