# Voila run on its own (`boardkit play`, `make play`) reads this file (its
# config_file_paths name this folder): the same settings as the Jupyter server's on Binder,
# so a closed play page stops its kernel here too.
load_subconfig("jupyter_server_config.py")  # noqa: F821 (given by traitlets when it reads this file)
