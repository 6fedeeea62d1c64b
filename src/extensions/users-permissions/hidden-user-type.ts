/**
 * Buyers' accounts are not site content: the users-permissions "User" type stays out of the Content
 * Manager, where editors look for site content. Roles and settings stay under Settings > Users & Permissions.
 */
interface UserTypeHolder {
  contentTypes: { user: { schema: { pluginOptions?: Record<string, unknown> } } };
}

export function hideUserType(plugin: UserTypeHolder): void {
  const user = plugin.contentTypes.user.schema;
  user.pluginOptions = { ...user.pluginOptions, 'content-manager': { visible: false } };
}
