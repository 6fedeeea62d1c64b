import catalogue from './catalogue';
import connection from './connection';
import projects from './projects';
import sync from './sync';

export default { catalogue, connection, projects, sync };
