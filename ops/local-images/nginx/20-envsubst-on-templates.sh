#!/bin/sh
# As the official nginx image: each /etc/nginx/templates/X.template becomes /etc/nginx/conf.d/X with the
# environment's variables put in — only those that are set, so nginx's own ($host, $uri …) stay as written.
set -e
template_dir="${NGINX_ENVSUBST_TEMPLATE_DIR:-/etc/nginx/templates}"
suffix="${NGINX_ENVSUBST_TEMPLATE_SUFFIX:-.template}"
output_dir="${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx/conf.d}"
[ -d "$template_dir" ] || exit 0
defined_envs=$(printf '${%s} ' $(env | cut -d= -f1))
find "$template_dir" -follow -type f -name "*$suffix" -print | while read -r template; do
  relative_path="${template#"$template_dir/"}"
  output_path="$output_dir/${relative_path%"$suffix"}"
  mkdir -p "$(dirname "$output_path")"
  echo "$0: rendering $template to $output_path"
  envsubst "$defined_envs" < "$template" > "$output_path"
done
