# The Jupyter server's settings on Binder; binder/postBuild copies this file to
# ~/.jupyter/jupyter_server_config.py. Two leaks of memory are closed here:
#
# 1. A kernel left idle is stopped after 5 minutes (checked every minute), unless a browser
#    tab is still connected to it: a closed play page or a closed lesson frees its memory,
#    an open page or lesson keeps its kernel.
# 2. A play page opened directly (voila/render/...) could not stop its own kernel when
#    closed: its shutdown request was refused for a missing '_xsrf' value, because Voila's
#    page never set the _xsrf cookie that the request sends back. Voila's pages now set it.
c = get_config()  # noqa: F821 (the name is given by Jupyter when it reads this file)

c.MappingKernelManager.cull_idle_timeout = 300
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = False


def _voila_pages_set_the_xsrf_cookie():
    try:
        from voila.handler import VoilaHandler
    except ImportError:   # no Voila: nothing to fix
        return
    if getattr(VoilaHandler, "_boardkit_xsrf", False):
        return
    base_prepare = VoilaHandler.prepare

    async def prepare(self, *args, **kwargs):
        result = base_prepare(self, *args, **kwargs)
        if hasattr(result, "__await__"):
            result = await result
        if self.current_user is not None:
            self.xsrf_token  # noqa: B018 (reading it sets the _xsrf cookie)
        return result

    VoilaHandler.prepare = prepare
    VoilaHandler._boardkit_xsrf = True


_voila_pages_set_the_xsrf_cookie()
